import { shopModule } from '../../module-definition.ts';
import type { AccountsRetention } from '../accounts/accounts-retention-service.ts';
import type { AadhaarRevealsRetention } from '../admissions/aadhaar-reveals-retention-service.ts';
import type { AuditRetention } from '../audit/audit-retention-service.ts';
import type { ContactRetention } from '../contact/contact-retention-service.ts';
import type { ConsentsRetention } from '../privacy/consents-retention-service.ts';
import type { QuotesRetention } from '../quotes/quotes-retention-service.ts';
import type { RetentionSettingsService } from '../store-settings/retention-settings-service.ts';
import { RetentionService, type AccountEraser, type InboxEraser } from './retention-service.ts';

interface RetentionNeeds {
  accountsRetention: AccountsRetention;
  contactRetention: ContactRetention;
  quotesRetention: QuotesRetention;
  retentionSettings: RetentionSettingsService;
  inbox: InboxEraser;
  privacyErasure: AccountEraser;
  auditRetention: AuditRetention;
  aadhaarRevealsRetention: AadhaarRevealsRetention;
  consentsRetention: ConsentsRetention;
}

/** Once a day: erase each module's rows past their retention period (issue 61 item 5). */
const DAY_MS = 86_400_000;
/** The first sweep a minute after start, not in the start's own busy seconds. */
const FIRST_SWEEP_MS = 60_000;

/**
 * The daily retention job (DPDP Rules 2025, rule 8; the periods are `RETENTION_RULES` of
 * @shop/domain, enquiries' and inactive accounts' the store's own). Each process runs it: every
 * step is a delete of what has passed its period (or a warning sent under the account row's
 * lock), so two processes sweeping at once erase the same rows once.
 */
export const retention = shopModule({
  name: 'retention',
  provides: { retention: true },
  needs: {
    accountsRetention: true,
    contactRetention: true,
    quotesRetention: true,
    retentionSettings: true,
    inbox: true,
    privacyErasure: true,
    auditRetention: true,
    aadhaarRevealsRetention: true,
    consentsRetention: true,
  },
  build: ({ adapters, log }, needs: RetentionNeeds) => ({
    retention: new RetentionService({
      accounts: needs.accountsRetention,
      contact: needs.contactRetention,
      quotes: needs.quotesRetention,
      inbox: needs.inbox,
      erasure: needs.privacyErasure,
      periods: needs.retentionSettings,
      logs: {
        audit: needs.auditRetention,
        aadhaarReveals: needs.aadhaarRevealsRetention,
        consents: needs.consentsRetention,
      },
      clock: adapters.clock,
      log,
    }),
  }),
  register(app, { retention: service }) {
    const timers: NodeJS.Timeout[] = [];
    const sweep = () => {
      service.sweep().catch((err: unknown) => app.log.error({ err }, 'retention sweep failed'));
    };
    app.addHook('onReady', (hookDone) => {
      const first = setTimeout(sweep, FIRST_SWEEP_MS);
      const daily = setInterval(sweep, DAY_MS);
      first.unref();
      daily.unref();
      timers.push(first, daily);
      hookDone();
    });
    app.addHook('onClose', (_app, hookDone) => {
      for (const t of timers) clearTimeout(t);
      hookDone();
    });
  },
});
