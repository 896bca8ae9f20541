import { lt } from 'drizzle-orm';
import { consents, type Database } from '@shop/db';

/**
 * The consents' part of the daily retention job (issue 61 item 5): a consent withdrawn longer
 * ago than its period (`RETENTION_RULES`: a year, the proof of the processing it covered); a
 * standing consent is never touched.
 */
export class ConsentsRetention {
  constructor(private readonly db: Database) {}

  /** Deletes the consents withdrawn before `before`; answers how many went. */
  async eraseWithdrawnBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(consents)
      .where(lt(consents.withdrawnAt, before))
      .returning({ id: consents.id });
    return rows.length;
  }
}
