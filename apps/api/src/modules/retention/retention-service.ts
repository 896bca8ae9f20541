import type { InboxKind } from '@shop/domain';
import { retentionCutoff } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsErased, AccountsRetention } from '../accounts/accounts-retention-service.ts';
import type { AadhaarRevealsRetention } from '../admissions/aadhaar-reveals-retention-service.ts';
import type { AuditRetention } from '../audit/audit-retention-service.ts';
import type { ContactRetention } from '../contact/contact-retention-service.ts';
import type { ConsentsRetention } from '../privacy/consents-retention-service.ts';
import type { QuotesRetention } from '../quotes/quotes-retention-service.ts';
import type { RetentionSettingsService } from '../store-settings/retention-settings-service.ts';

/** What one sweep erased, summed over the stores. */
export interface RetentionSwept extends AccountsErased {
  leads: number;
  enquiries: number;
  quotes: number;
  shopNotices: number;
  /** Customer accounts emailed that they will be erased (48 hours before). */
  inactiveWarned: number;
  /** Inactive customer accounts whose erasure the sweep ran to its end. */
  inactiveErased: number;
  /** Erasure requests (shoppers' or inactive accounts') left waiting and now completed. */
  erasuresCompleted: number;
  /** Processing logs past their year: audit entries and Aadhaar reveals. */
  auditEntries: number;
  aadhaarReveals: number;
  /** Consents withdrawn over their period ago. */
  withdrawnConsents: number;
}

/** The inbox's part: an erased item's state and staff notes go with it. */
export interface InboxEraser {
  eraseItems(storeId: string, items: readonly { kind: InboxKind; id: string }[]): Promise<unknown>;
}

/** The privacy module's erasure: an inactive account's, and the requests left waiting. */
export interface AccountEraser {
  eraseAccount(storeId: string, userId: string, reason: 'inactive'): Promise<{ status: string }>;
  completeWaiting(now: Date): Promise<{ done: number }>;
}

export interface RetentionDeps {
  accounts: Pick<AccountsRetention, 'erasePassed' | 'warnInactive' | 'erasable' | 'stillErasable'>;
  contact: Pick<ContactRetention, 'passed' | 'erase'>;
  quotes: Pick<QuotesRetention, 'passed' | 'erase'>;
  inbox: InboxEraser;
  erasure: AccountEraser;
  periods: Pick<RetentionSettingsService, 'everyStore'>;
  logs: {
    audit: Pick<AuditRetention, 'eraseBefore'>;
    aadhaarReveals: Pick<AadhaarRevealsRetention, 'eraseBefore'>;
    consents: Pick<ConsentsRetention, 'eraseWithdrawnBefore'>;
  };
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * The daily sweep (issue 61 item 5): each module erases what has passed its period (the
 * periods of `RETENTION_RULES`, or the store's own for enquiries and inactive accounts); the
 * counts are logged. A store's step that fails is logged and the other stores go on.
 */
export class RetentionService {
  constructor(private readonly deps: RetentionDeps) {}

  async sweep(): Promise<RetentionSwept> {
    const now = this.deps.clock();
    const swept: RetentionSwept = {
      ...(await this.deps.accounts.erasePassed(now)),
      leads: 0,
      enquiries: 0,
      quotes: 0,
      shopNotices: 0,
      inactiveWarned: 0,
      inactiveErased: 0,
      erasuresCompleted: 0,
      auditEntries: 0,
      aadhaarReveals: 0,
      withdrawnConsents: 0,
    };
    const logsBefore = retentionCutoff('processing_logs', now);
    swept.auditEntries = await this.deps.logs.audit.eraseBefore(logsBefore);
    swept.aadhaarReveals = await this.deps.logs.aadhaarReveals.eraseBefore(logsBefore);
    swept.withdrawnConsents = await this.deps.logs.consents.eraseWithdrawnBefore(
      retentionCutoff('withdrawn_consents', now),
    );
    for (const store of await this.deps.periods.everyStore()) {
      try {
        await this.eraseEnquiries(store.storeId, store.enquiryDays, now, swept);
        swept.inactiveWarned += await this.deps.accounts.warnInactive(store, now);
        swept.inactiveErased += await this.eraseInactive(store, now);
      } catch (err) {
        this.deps.log.error({ err, storeId: store.storeId }, 'retention sweep of a store failed');
      }
    }
    swept.erasuresCompleted = (await this.deps.erasure.completeWaiting(now)).done;
    this.deps.log.info({ erased: swept }, 'retention sweep');
    return swept;
  }

  /**
   * Contact messages, enquiries and quote requests sent before the store's period: the inbox
   * forgets their states and notes first, then each module deletes its rows (a crash between
   * leaves the messages, found again by the next sweep). Passes until none is left.
   */
  private async eraseEnquiries(storeId: string, days: number, now: Date, swept: RetentionSwept) {
    const before = retentionCutoff('enquiries', now, days);
    for (;;) {
      const contact = await this.deps.contact.passed(storeId, before);
      const quotes = await this.deps.quotes.passed(storeId, before);
      const items = [
        ...contact.leads.map((id) => ({ kind: 'lead' as const, id })),
        ...contact.enquiries.map((id) => ({ kind: 'enquiry' as const, id })),
        ...quotes.map((id) => ({ kind: 'quote' as const, id })),
      ];
      if (items.length === 0) return;
      await this.deps.inbox.eraseItems(storeId, items);
      const gone = await this.deps.contact.erase(storeId, contact, before);
      const goneQuotes = await this.deps.quotes.erase(storeId, quotes, before);
      swept.leads += gone.leads;
      swept.enquiries += gone.enquiries;
      swept.shopNotices += gone.shopNotices;
      swept.quotes += goneQuotes;
      if (gone.leads + gone.enquiries + goneQuotes === 0) return;
    }
  }

  /**
   * Customer accounts inactive for the store's period and warned 48 hours ago or more, erased
   * through the privacy module (each with its erasure request, reason 'inactive'). One signed
   * in since it was read is left (checked again just before). Answers how many were erased to
   * the end (one with open orders waits for them, completed by `completeWaiting`).
   */
  private async eraseInactive(
    store: Parameters<RetentionDeps['accounts']['erasable']>[0],
    now: Date,
  ) {
    let erased = 0;
    for (const userId of await this.deps.accounts.erasable(store, now)) {
      if (!(await this.deps.accounts.stillErasable(store, userId, now))) continue;
      try {
        const answer = await this.deps.erasure.eraseAccount(store.storeId, userId, 'inactive');
        if (answer.status === 'done') erased += 1;
      } catch (err) {
        this.deps.log.error({ err, userId }, 'erasing an inactive account failed; next sweep');
      }
    }
    return erased;
  }
}
