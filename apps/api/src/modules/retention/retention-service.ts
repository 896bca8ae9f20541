import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { AccountsErased, AccountsRetention } from '../accounts/accounts-retention-service.ts';

/** The daily sweep: each module erases what has passed its period; the counts are logged. */
export class RetentionService {
  constructor(
    private readonly deps: {
      accounts: Pick<AccountsRetention, 'erasePassed'>;
      clock: Clock;
      log: Pick<FastifyBaseLogger, 'info'>;
    },
  ) {}

  async sweep(): Promise<AccountsErased> {
    const now = this.deps.clock();
    const erased = await this.deps.accounts.erasePassed(now);
    this.deps.log.info({ erased }, 'retention sweep');
    return erased;
  }
}
