import { lt } from 'drizzle-orm';
import { auditLog, type Database } from '@shop/db';

/**
 * The audit module's part of the daily retention job (issue 61 item 5): entries of the log of
 * staff writes older than the processing logs' period (`RETENTION_RULES`: one year, DPDP Rules
 * 2025 rule 6(1)(e) and rule 8(3)), every store's.
 */
export class AuditRetention {
  constructor(private readonly db: Database) {}

  /** Deletes the entries written before `before`; answers how many went. */
  async eraseBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(auditLog)
      .where(lt(auditLog.at, before))
      .returning({ id: auditLog.id });
    return rows.length;
  }
}
