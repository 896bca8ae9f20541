import type { PrivacyErasure } from '@shop/contracts';
import { erasureDueAt, erasureRunsNow } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { indiaDay } from '../../lib/india-day.ts';
import type { ErasureSubject } from '../../lib/personal-rows.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { AccountsErasure } from '../accounts/accounts-erasure-service.ts';
import type { ErasureReason, ErasureRepository, ErasureRequestRow } from './erasure-repository.ts';
import { runErasureSteps, type ErasureSteps } from './erasure-steps.ts';
import { personalTables } from './personal-data-map.ts';

export const ERASURE_ACCOUNT_NOT_FOUND = 'Your account was not found.';
export const STAFF_CANNOT_ERASE =
  "This account is one of the shop's staff. Hand over the shop first: the owner removes a staff member from the staff (an owner first makes another account the owner); then ask for erasure from the account as a shopper's.";

/** The sentence refusing a second request: when the first was made, and where it stands. */
export const alreadyAsked = (row: Pick<ErasureRequestRow, 'requestedAt' | 'status'>) =>
  `You asked for erasure on ${indiaDay(row.requestedAt)}; it is ${row.status}.`;

/** A request as the shopper's answer shows it: what was erased, and what a law keeps. */
export function erasureAnswer(row: ErasureRequestRow): PrivacyErasure {
  const outcome = row.outcome ?? [];
  return {
    id: row.id,
    status: row.status as PrivacyErasure['status'],
    requested_at: row.requestedAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    done_at: row.doneAt ? row.doneAt.toISOString() : null,
    waiting_for: row.waitingFor,
    erased: outcome
      .filter((r) => r.erased + r.anonymised > 0)
      .map(({ table, erased, anonymised }) => ({ table, erased, anonymised })),
    kept: outcome
      .filter((r) => r.kept > 0)
      .map((r) => {
        const hold = personalTables[r.table]?.legalHold;
        if (!hold) throw new Error(`erasure kept rows of ${r.table}, which no legal hold keeps`);
        return { table: r.table, rows: r.kept, law: hold.law, keep: hold.keep };
      }),
  };
}

export interface PrivacyErasureDeps {
  repository: ErasureRepository;
  accounts: Pick<AccountsErasure, 'accountOf'>;
  steps: ErasureSteps;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** What one sweep of the waiting requests did. */
export interface WaitingSwept {
  done: number;
  waiting: number;
  failed: number;
}

/**
 * A shopper's erasure (DPDP Act 2023 s.12(3); issue 61 item 3): one request per account, run at
 * once when no open order needs the data, else by the daily sweep (`completeWaiting`) once the
 * orders are finished with or the request is a day from due. Each module erases its own rows
 * through its service (`runErasureSteps`); the request records what each did.
 */
export class PrivacyErasureService {
  constructor(private readonly deps: PrivacyErasureDeps) {}

  /** The caller's request, or null when none was made. */
  async status(caller: SignedInUser): Promise<PrivacyErasure | null> {
    const row = await this.deps.repository.of(caller.id);
    return row ? erasureAnswer(row) : null;
  }

  /**
   * The caller asks for erasure: their request recorded, then run at once or left waiting for
   * their open orders. A second request is refused (409) and changes nothing; a staff or owner
   * account is refused (403).
   */
  async request(caller: SignedInUser): Promise<PrivacyErasure> {
    const created = await this.open(caller.storeId, caller.id, 'request');
    if (!created) {
      const had = await this.deps.repository.of(caller.id);
      throw new Conflict(had ? alreadyAsked(had) : 'You asked for erasure already.');
    }
    return erasureAnswer(await this.runOrLeave(created));
  }

  /**
   * Erases an account (the retention job's inactive accounts: reason 'inactive'): its request
   * recorded if it has none, then run (or left waiting for open orders). Answers the request.
   */
  async eraseAccount(
    storeId: string,
    userId: string,
    reason: ErasureReason,
  ): Promise<PrivacyErasure> {
    const row =
      (await this.open(storeId, userId, reason)) ?? (await this.deps.repository.of(userId));
    if (!row) throw new Error(`no erasure request for account ${userId}`);
    return erasureAnswer(row.status === 'waiting' ? await this.runOrLeave(row) : row);
  }

  /**
   * The daily sweep: runs every waiting request whose orders are now finished with, or whose
   * due date is at most a day away. A request whose step fails stays waiting for the next sweep
   * (the steps are idempotent); the others go on.
   */
  async completeWaiting(now: Date = this.deps.clock()): Promise<WaitingSwept> {
    const swept: WaitingSwept = { done: 0, waiting: 0, failed: 0 };
    for (const row of await this.deps.repository.waiting()) {
      try {
        const after = await this.run(row, now);
        swept[after.status === 'done' ? 'done' : 'waiting'] += 1;
      } catch (err) {
        swept.failed += 1;
        this.deps.log.error({ err, erasureRequest: row.id }, 'erasure step failed; stays waiting');
      }
    }
    return swept;
  }

  /** Records the account's request (null when it has one); refuses staff and owners. */
  private async open(storeId: string, userId: string, reason: ErasureReason) {
    const account = await this.deps.accounts.accountOf(userId);
    if (!account || account.storeId !== storeId) throw new NotFound(ERASURE_ACCOUNT_NOT_FOUND);
    if (account.role !== 'customer') throw new Forbidden(STAFF_CANNOT_ERASE);
    const requestedAt = this.deps.clock();
    return this.deps.repository.create({
      storeId,
      userId,
      reason,
      requestedAt,
      dueAt: erasureDueAt(requestedAt),
    });
  }

  /**
   * Runs a request; a step that fails leaves it waiting, recorded, for the daily sweep to try
   * again (every step is idempotent), and the answer says it waits.
   */
  private async runOrLeave(row: ErasureRequestRow): Promise<ErasureRequestRow> {
    try {
      return await this.run(row);
    } catch (err) {
      this.deps.log.error({ err, erasureRequest: row.id }, 'erasure step failed; stays waiting');
      return this.current(row);
    }
  }

  /** Runs a waiting request: left waiting for open orders, else every step and marked done. */
  private async run(row: ErasureRequestRow, now = this.deps.clock()): Promise<ErasureRequestRow> {
    const { steps, repository } = this.deps;
    const open = await steps.orders.openOrderNumbersOf(row.storeId, row.userId);
    if (!erasureRunsNow(open.length, row.dueAt, now)) {
      return (await repository.waitFor(row.id, open)) ?? (await this.current(row));
    }
    const account = await this.deps.accounts.accountOf(row.userId);
    if (!account) throw new Error(`the account of erasure request ${row.id} is gone`);
    const subject: ErasureSubject = {
      storeId: row.storeId,
      userId: row.userId,
      email: account.email,
    };
    const outcome = await runErasureSteps(steps, subject);
    return (await repository.markDone(row.id, outcome, this.deps.clock())) ?? this.current(row);
  }

  private async current(row: ErasureRequestRow): Promise<ErasureRequestRow> {
    return (await this.deps.repository.of(row.userId)) ?? row;
  }
}
