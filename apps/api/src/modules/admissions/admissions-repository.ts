import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import {
  admissionAadhaarReveals,
  admissionConsentRequests,
  admissions,
  type Database,
  type Transaction,
} from '@shop/db';
import { accountContactOf } from '../accounts/index.ts';
import type { PersonalRows } from '../../lib/personal-rows.ts';

export type AdmissionRow = typeof admissions.$inferSelect;
export type NewAdmission = typeof admissions.$inferInsert;
/** What an update may change (never the owner or the store). */
export type AdmissionChanges = Partial<Omit<NewAdmission, 'id' | 'storeId' | 'userId'>>;
export type ConsentRequestRow = typeof admissionConsentRequests.$inferSelect;
type Db = Database | Transaction;

/** A parent's consent as recorded on the admission. */
export interface ConsentRecord {
  parentConsentMethod: 'declared' | 'parent_account';
  parentConsentBy: string;
  parentConsentEmail: string;
  parentConsentAt: Date;
}

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

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The user's own admission, locked for the transaction; null when it is not theirs. */
  async ownForUpdate(tx: Transaction, id: string, userId: string): Promise<AdmissionRow | null> {
    const [row] = await tx
      .select()
      .from(admissions)
      .where(and(eq(admissions.id, id), eq(admissions.userId, userId)))
      .for('update');
    return row ?? null;
  }

  /** An admission locked for the transaction (the parent's consent). */
  async byIdForUpdate(tx: Transaction, id: string): Promise<AdmissionRow | null> {
    const [row] = await tx.select().from(admissions).where(eq(admissions.id, id)).for('update');
    return row ?? null;
  }

  /** Updates an admission inside `tx` (its owner already checked). */
  async update(tx: Transaction, id: string, changes: AdmissionChanges): Promise<AdmissionRow> {
    const [row] = await tx.update(admissions).set(changes).where(eq(admissions.id, id)).returning();
    return row!;
  }

  /** Who to write to about an account (its email and name; null: no such account). */
  contactOf(userId: string, db: Db = this.db) {
    return accountContactOf(db, userId);
  }

  /** A new consent request; the admission's older ones are retired (used). */
  async addConsentRequest(
    tx: Transaction,
    values: typeof admissionConsentRequests.$inferInsert,
    now: Date,
  ): Promise<ConsentRequestRow> {
    await tx
      .update(admissionConsentRequests)
      .set({ usedAt: now })
      .where(
        and(
          eq(admissionConsentRequests.admissionId, values.admissionId),
          isNull(admissionConsentRequests.usedAt),
        ),
      );
    const [row] = await tx.insert(admissionConsentRequests).values(values).returning();
    return row!;
  }

  /** The newest request of the admission still open (not used, not expired), or null. */
  async openConsentRequest(admissionId: string, now: Date): Promise<ConsentRequestRow | null> {
    const [row] = await this.db
      .select()
      .from(admissionConsentRequests)
      .where(
        and(
          eq(admissionConsentRequests.admissionId, admissionId),
          isNull(admissionConsentRequests.usedAt),
          gt(admissionConsentRequests.expiresAt, now),
        ),
      )
      .orderBy(desc(admissionConsentRequests.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** The request whose token has this hash (locked in `tx` when given), or null. */
  async consentRequestByHash(tokenHash: string, tx?: Transaction) {
    const q = (tx ?? this.db)
      .select()
      .from(admissionConsentRequests)
      .where(eq(admissionConsentRequests.tokenHash, tokenHash));
    const [row] = tx ? await q.for('update') : await q;
    return row ?? null;
  }

  async markConsentRequestUsed(tx: Transaction, id: string, now: Date) {
    await tx
      .update(admissionConsentRequests)
      .set({ usedAt: now })
      .where(eq(admissionConsentRequests.id, id));
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
        .where(
          and(
            eq(admissions.id, id),
            eq(admissions.storeId, storeId),
            isNotNull(admissions.submittedAt),
          ),
        );
      if (!row) return null;
      await tx.insert(admissionAadhaarReveals).values({ storeId, admissionId: id, revealedBy });
      if (within) await within(tx);
      return { row };
    });
  }
}
