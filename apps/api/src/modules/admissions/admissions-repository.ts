import { and, eq } from 'drizzle-orm';
import { admissionAadhaarReveals, admissions, type Database, type Transaction } from '@shop/db';
import type { PersonalRows } from '../../lib/personal-rows.ts';

export type AdmissionRow = typeof admissions.$inferSelect;
export type NewAdmission = typeof admissions.$inferInsert;
/** What an update may change (never the owner or the store). */
export type AdmissionChanges = Partial<Omit<NewAdmission, 'id' | 'storeId' | 'userId'>>;

/** The only code that touches the admissions tables. */
export class AdmissionsRepository {
  constructor(private readonly db: Database) {}

  /** The user's admission and its Aadhaar reveals as stored, for their data export. */
  async personalRowsOf(userId: string): Promise<PersonalRows[]> {
    const rows = await this.db.select().from(admissions).where(eq(admissions.userId, userId));
    const reveals = rows[0]
      ? await this.db
          .select()
          .from(admissionAadhaarReveals)
          .where(eq(admissionAadhaarReveals.admissionId, rows[0].id))
          .orderBy(admissionAadhaarReveals.revealedAt, admissionAadhaarReveals.id)
      : [];
    return [
      { table: admissions, rows },
      { table: admissionAadhaarReveals, rows: reveals },
    ];
  }

  async ofUser(userId: string): Promise<AdmissionRow | null> {
    const [row] = await this.db.select().from(admissions).where(eq(admissions.userId, userId));
    return row ?? null;
  }

  async byId(id: string): Promise<AdmissionRow | null> {
    const [row] = await this.db.select().from(admissions).where(eq(admissions.id, id));
    return row ?? null;
  }

  /**
   * Inserts, with what `within` writes in the same transaction (the shop's notice); null when the
   * user already has one (the unique key on user_id).
   */
  async create(
    values: NewAdmission,
    within: (tx: Transaction, row: AdmissionRow) => Promise<void>,
  ): Promise<AdmissionRow | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(admissions)
        .values(values)
        .onConflictDoNothing({ target: admissions.userId })
        .returning();
      if (row) await within(tx, row);
      return row ?? null;
    });
  }

  /** Updates the user's own admission; null when it is not theirs. */
  async update(
    id: string,
    userId: string,
    changes: AdmissionChanges,
  ): Promise<AdmissionRow | null> {
    const [row] = await this.db
      .update(admissions)
      .set(changes)
      .where(and(eq(admissions.id, id), eq(admissions.userId, userId)))
      .returning();
    return row ?? null;
  }

  /**
   * Reads the sealed Aadhaar of a store's admission and records who revealed it, in one
   * transaction (no reveal without its record); `within` adds to that transaction (the audit).
   */
  async revealSealed(
    storeId: string,
    id: string,
    revealedBy: string,
    within?: (tx: Transaction) => Promise<void>,
  ): Promise<{ row: AdmissionRow } | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(admissions)
        .where(and(eq(admissions.id, id), eq(admissions.storeId, storeId)));
      if (!row) return null;
      await tx.insert(admissionAadhaarReveals).values({ storeId, admissionId: id, revealedBy });
      if (within) await within(tx);
      return { row };
    });
  }
}
