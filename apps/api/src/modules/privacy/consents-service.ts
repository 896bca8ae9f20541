import {
  CONSENT_PURPOSES,
  CONSENT_PURPOSE_TEXT,
  type ConsentPurpose,
  type ConsentSource,
} from '@shop/domain';
import type { ConsentRecord, ConsentStatus } from '@shop/contracts';
import type { Clock } from '../../lib/clock.ts';
import type { ErasedRows, ErasureSubject } from '../../lib/personal-rows.ts';
import type { ConsentRow, ConsentsRepository } from './consents-repository.ts';

export interface ConsentsServiceOptions {
  repository: ConsentsRepository;
  /** The privacy notice version in force for a store (the notice service's `current`). */
  noticeVersion: (storeId: string) => Promise<string>;
  /** What withdrawing the push consent stops at once: the account's push devices go. */
  onPushWithdrawn: (storeId: string, userId: string) => Promise<void>;
  clock: Clock;
}

const toRecord = (row: ConsentRow): ConsentRecord => ({
  id: row.id,
  purpose: row.purpose as ConsentPurpose,
  notice_version: row.noticeVersion,
  given_at: row.givenAt.toISOString(),
  withdrawn_at: row.withdrawnAt ? row.withdrawnAt.toISOString() : null,
  source: row.source as ConsentSource,
});

function statusOf(purpose: ConsentPurpose, rows: readonly ConsentRow[]): ConsentStatus {
  const history = rows.filter((r) => r.purpose === purpose).map(toRecord);
  const standing = history.find((r) => r.withdrawn_at === null) ?? null;
  return { purpose, granted: standing !== null, latest: standing ?? history[0] ?? null, history };
}

/**
 * A shopper's consents (DPDP Act 2023, issue 61 item 2): given with the notice version in force,
 * withdrawn as easily, the history kept. `allows` is what anything sent for a purpose checks
 * first (marketing email, WhatsApp updates); withdrawing push removes the devices at once.
 */
export class ConsentsService {
  constructor(private readonly deps: ConsentsServiceOptions) {}

  /** Whether the user's consent for the purpose stands now. */
  async allows(storeId: string, userId: string, purpose: ConsentPurpose): Promise<boolean> {
    return (await this.deps.repository.standing(storeId, userId, purpose)) !== null;
  }

  /** Each purpose with whether it stands, when and under which notice, and its history. */
  async list(storeId: string, userId: string): Promise<ConsentStatus[]> {
    const rows = await this.deps.repository.listOf(storeId, userId);
    return CONSENT_PURPOSES.map((p) => statusOf(p, rows));
  }

  /** Gives (or gives again) a consent; giving one that stands changes nothing. */
  async give(
    storeId: string,
    userId: string,
    purpose: ConsentPurpose,
    source: ConsentSource,
  ): Promise<ConsentStatus> {
    const noticeVersion = await this.deps.noticeVersion(storeId);
    await this.deps.repository.give({
      storeId,
      userId,
      purpose,
      source,
      noticeVersion,
      at: this.deps.clock(),
    });
    return this.status(storeId, userId, purpose);
  }

  /**
   * Withdraws a consent, stopping what it covered at once: `allows` answers false from now on,
   * and for push the account's devices are removed. Withdrawing one that does not stand
   * changes nothing.
   */
  async withdraw(storeId: string, userId: string, purpose: ConsentPurpose): Promise<ConsentStatus> {
    await this.deps.repository.withdraw(storeId, userId, purpose, this.deps.clock());
    if (purpose === 'push') await this.deps.onPushWithdrawn(storeId, userId);
    return this.status(storeId, userId, purpose);
  }

  /**
   * The account's erasure (issue 61 item 3): every standing consent is withdrawn; the rows are
   * kept as the proof of consent (DPDP Rules 2025 rule 6), holding no personal column.
   */
  async erasePersonalDataOf(subject: ErasureSubject): Promise<ErasedRows[]> {
    const kept = await this.deps.repository.withdrawAll(
      subject.storeId,
      subject.userId,
      this.deps.clock(),
    );
    return [{ table: 'consents', erased: 0, anonymised: 0, kept }];
  }

  /** The sentence saying what changed. */
  static messageOf(purpose: ConsentPurpose, granted: boolean): string {
    const text = CONSENT_PURPOSE_TEXT[purpose];
    return granted ? `Consent given: ${text.label}.` : `Consent withdrawn. ${text.stops}`;
  }

  private async status(storeId: string, userId: string, purpose: ConsentPurpose) {
    const rows = await this.deps.repository.listOf(storeId, userId);
    return statusOf(purpose, rows);
  }
}
