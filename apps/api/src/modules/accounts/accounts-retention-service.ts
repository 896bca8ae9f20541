import { inactiveErasureDate, inactivityCutoffs, retentionCutoff } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../../adapters/email-sender.ts';
import { inactiveAccountEmail } from './account-emails.ts';
import { ACCOUNTS_BATCH, type AccountsRetentionRepository } from './retention-repository.ts';

/** What one retention sweep of the accounts module erased. */
export interface AccountsErased {
  codes: number;
  sessions: number;
  staffInvites: number;
}

/** A store as the inactive-account step needs it. */
export interface RetentionStore {
  storeId: string;
  name: string;
  inactiveAccountDays: number;
}

/**
 * The accounts module's part of the daily retention job (issue 61 item 5): sign-up and sign-in
 * codes, sessions and staff invites past their periods (`RETENTION_RULES` of @shop/domain), and
 * customer accounts not signed into for the store's period: warned by email 48 hours before,
 * then named for erasure (the privacy module erases them).
 */
export class AccountsRetention {
  constructor(
    private readonly repository: AccountsRetentionRepository,
    private readonly deps: { email: EmailSender; log: Pick<FastifyBaseLogger, 'warn'> },
  ) {}

  async erasePassed(now: Date): Promise<AccountsErased> {
    return {
      codes: await this.repository.deleteCodesExpiredBefore(retentionCutoff('codes', now)),
      sessions: await this.repository.deleteSessionsExpiredBefore(retentionCutoff('sessions', now)),
      staffInvites: await this.repository.deleteInvitesEndedBefore(
        retentionCutoff('staff_invites', now),
      ),
    };
  }

  /**
   * Emails each customer account of the store inactive for its period less 48 hours, and not
   * warned yet, that it will be erased; a send that fails is left for the next sweep (logged).
   * Answers how many were warned.
   */
  async warnInactive(store: RetentionStore, now: Date): Promise<number> {
    const { warnActiveBefore } = inactivityCutoffs(now, store.inactiveAccountDays);
    let warned = 0;
    for (;;) {
      const ids = await this.repository.unwarnedInactive(store.storeId, warnActiveBefore);
      let progress = 0;
      for (const id of ids) {
        try {
          const sent = await this.repository.warnOnce(
            store.storeId,
            id,
            warnActiveBefore,
            now,
            (account) =>
              this.deps.email.send(
                inactiveAccountEmail(
                  account.email,
                  store.name,
                  inactiveErasureDate(now, account.lastActiveAt, store.inactiveAccountDays),
                ),
              ),
          );
          if (sent) progress += 1;
        } catch (err) {
          this.deps.log.warn({ err, userId: id }, 'inactive-account warning not sent; next sweep');
        }
      }
      warned += progress;
      if (progress === 0 || ids.length < ACCOUNTS_BATCH) return warned;
    }
  }

  /** The store's customer accounts inactive for its period and warned 48 hours ago or more. */
  erasable(store: RetentionStore, now: Date): Promise<string[]> {
    const { eraseActiveBefore, eraseWarnedBefore } = inactivityCutoffs(
      now,
      store.inactiveAccountDays,
    );
    return this.repository.warnedInactive(store.storeId, eraseActiveBefore, eraseWarnedBefore);
  }

  /** Whether the account is still to be erased (no sign-in since `erasable` named it). */
  stillErasable(store: RetentionStore, userId: string, now: Date): Promise<boolean> {
    const { eraseActiveBefore, eraseWarnedBefore } = inactivityCutoffs(
      now,
      store.inactiveAccountDays,
    );
    return this.repository.stillWarnedInactive(userId, eraseActiveBefore, eraseWarnedBefore);
  }
}
