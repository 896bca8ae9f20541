import { lt } from 'drizzle-orm';
import { admissionAadhaarReveals, type Database } from '@shop/db';

/**
 * The admissions module's part of the daily retention job (issue 61 item 5): the log of Aadhaar
 * numbers revealed, entries older than the processing logs' period (`RETENTION_RULES`: one year,
 * DPDP Rules 2025 rule 6(1)(e) and rule 8(3)), every store's.
 */
export class AadhaarRevealsRetention {
  constructor(private readonly db: Database) {}

  /** Deletes the reveals made before `before`; answers how many went. */
  async eraseBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(admissionAadhaarReveals)
      .where(lt(admissionAadhaarReveals.revealedAt, before))
      .returning({ id: admissionAadhaarReveals.id });
    return rows.length;
  }
}
