import { retentionCutoff } from '@shop/domain';
import type { AccountsRetentionRepository } from './retention-repository.ts';

/** What one retention sweep of the accounts module erased. */
export interface AccountsErased {
  codes: number;
  sessions: number;
  staffInvites: number;
}

/**
 * The accounts module's part of the daily retention job (issue 61 item 5): sign-up and sign-in
 * codes, sessions and staff invites past their periods (`RETENTION_RULES` of @shop/domain).
 */
export class AccountsRetention {
  constructor(private readonly repository: AccountsRetentionRepository) {}

  async erasePassed(now: Date): Promise<AccountsErased> {
    return {
      codes: await this.repository.deleteCodesExpiredBefore(retentionCutoff('codes', now)),
      sessions: await this.repository.deleteSessionsExpiredBefore(retentionCutoff('sessions', now)),
      staffInvites: await this.repository.deleteInvitesEndedBefore(
        retentionCutoff('staff_invites', now),
      ),
    };
  }
}
