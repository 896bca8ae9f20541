import type { RetentionSettings } from '@shop/contracts';
import { retentionRule } from '@shop/domain';
import { NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { RetentionSettingsRepository } from './retention-settings-repository.ts';

const NO_SETTINGS = 'This store has no settings yet: save the store profile first.';

/** A store's retention periods as the daily job reads them, in days. */
export interface StoreRetentionPeriods {
  storeId: string;
  /** The shop's name, as its emails name it. */
  name: string;
  enquiryDays: number;
  inactiveAccountDays: number;
}

/**
 * The retention periods the owner sets (issue 61 item 5): how long enquiries, contact messages
 * and quote requests are kept, and after how long without a sign-in a customer account is
 * erased. A store without a settings row has the defaults of `RETENTION_RULES`.
 */
export class RetentionSettingsService {
  constructor(
    private readonly repo: RetentionSettingsRepository,
    private readonly audit: Pick<AuditService, 'record'>,
  ) {}

  async periods(storeId: string): Promise<RetentionSettings> {
    const row = await this.repo.periods(storeId);
    return row
      ? {
          enquiry_retention_days: row.enquiryRetentionDays,
          inactive_account_days: row.inactiveAccountDays,
        }
      : defaults();
  }

  /** Saves both periods with their audit entry, in one transaction. */
  save(actor: AuditActor, input: RetentionSettings): Promise<RetentionSettings> {
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.periods(actor.storeId, tx);
      if (!row) throw new NotFound(NO_SETTINGS);
      await this.repo.setPeriods(tx, actor.storeId, {
        enquiryRetentionDays: input.enquiry_retention_days,
        inactiveAccountDays: input.inactive_account_days,
      });
      const after: RetentionSettings = {
        enquiry_retention_days: input.enquiry_retention_days,
        inactive_account_days: input.inactive_account_days,
      };
      await this.audit.record(tx, actor, {
        action: 'settings.retention',
        entity: 'store_settings',
        entityId: actor.storeId,
        before: {
          enquiry_retention_days: row.enquiryRetentionDays,
          inactive_account_days: row.inactiveAccountDays,
        },
        after,
      });
      return after;
    });
  }

  /** Every store's periods, for the daily retention job. */
  async everyStore(): Promise<StoreRetentionPeriods[]> {
    const fallback = defaults();
    return (await this.repo.everyStore()).map((r) => ({
      storeId: r.storeId,
      name: r.name,
      enquiryDays: r.enquiryRetentionDays ?? fallback.enquiry_retention_days,
      inactiveAccountDays: r.inactiveAccountDays ?? fallback.inactive_account_days,
    }));
  }
}

function defaults(): RetentionSettings {
  return {
    enquiry_retention_days: retentionRule('enquiries').keepDays,
    inactive_account_days: retentionRule('inactive_accounts').keepDays,
  };
}
