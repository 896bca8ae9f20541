import { shopModule } from '../../module-definition.ts';
import type { AccountsRetention } from '../accounts/accounts-retention-service.ts';
import { RetentionService } from './retention-service.ts';

/** Once a day: erase each module's rows past their retention period (issue 61 item 5). */
const DAY_MS = 86_400_000;
/** The first sweep a minute after start, not in the start's own busy seconds. */
const FIRST_SWEEP_MS = 60_000;

/**
 * The daily retention job (DPDP Rules 2025, rule 8; the periods are `RETENTION_RULES` of
 * @shop/domain). Each process runs it: every step is a delete of what has passed its period, so
 * two processes sweeping at once erase the same rows once.
 */
export const retention = shopModule({
  name: 'retention',
  provides: { retention: true },
  needs: { accountsRetention: true },
  build: ({ adapters, log }, { accountsRetention }: { accountsRetention: AccountsRetention }) => ({
    retention: new RetentionService({ accounts: accountsRetention, clock: adapters.clock, log }),
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
