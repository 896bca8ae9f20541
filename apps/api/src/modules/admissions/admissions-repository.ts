import { and, count, desc, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm';
import {
  admissionAadhaarReveals,
  admissionConsentRequests,
  admissions,
  type Database,
  type Transaction,
} from '@shop/db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { accountContactOf } from '../accounts/index.ts';
import type { ErasedRows, ErasureSubject, PersonalRows } from '../../lib/personal-rows.ts';

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

/** What a shopper's erasure did to their admission (issue 61 item 3). */
export interface AdmissionsErased {
  rows: ErasedRows[];
  /** The admissions deleted (their inbox items go too). */
  deletedIds: string[];
  /** The admissions kept, every personal column blank (an order or an Aadhaar reveal names them). */
  keptIds: string[];
}

/** An admission with every personal column blank. */
const BLANK_ADMISSION = {
  name: '',
  guardianName: '',
  guardianRelation: '',
  guardianMobile: '',
  guardian2Name: '',
  guardian2Relation: '',
  guardian2Mobile: '',
  dob: '',
  aadhaarSealed: null,
  aadhaarHash: null,
  aadhaarLast4: null,
  gender: '',
  school: '',
  address: '',
  pincode: '',
  mobile: '',
  email: '',
  parentConsentBy: null,
  parentConsentEmail: null,
} satisfies AdmissionChanges;

/** A Postgres foreign-key or RESTRICT violation (an order still names the admission). */
const isForeignKeyViolation = (err: unknown) => {
  const code =
    (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === '23503' || code === '23001';
};

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

  /**
   * A shopper's erasure of their admission (issue 61 item 3), in one transaction. The child's and
   * guardians' data is no tax record: the admission is deleted, with its consent requests, unless
   * an order names it (orders.admission_id restricts the delete: the database says so) or the
   * owner revealed its Aadhaar number (the reveals are the log of processing Rule 6 keeps a year,
   * and go with the admission): then it is kept with every personal column blank, the sealed
   * number, its hash and last four gone. Its consent requests are deleted either way; its reveals
   * (ids and times only) are kept. A second run deletes and blanks nothing.
   */
  erasePersonalDataOf(subject: ErasureSubject): Promise<AdmissionsErased> {
    return this.db.transaction(async (tx) => {
      const mine = await tx
        .select({ id: admissions.id })
        .from(admissions)
        .where(and(eq(admissions.storeId, subject.storeId), eq(admissions.userId, subject.userId)));
      const out: AdmissionsErased = { rows: [], deletedIds: [], keptIds: [] };
      let anonymised = 0;
      let requests = 0;
      let reveals = 0;
      for (const { id } of mine) {
        requests += (
          await tx
            .delete(admissionConsentRequests)
            .where(eq(admissionConsentRequests.admissionId, id))
            .returning({ id: admissionConsentRequests.id })
        ).length;
        const [revealed] = await tx
          .select({ n: count() })
          .from(admissionAadhaarReveals)
          .where(eq(admissionAadhaarReveals.admissionId, id));
        if (revealed!.n === 0 && (await this.deleteUnlessNamed(tx, id))) {
          out.deletedIds.push(id);
          continue;
        }
        reveals += revealed!.n;
        out.keptIds.push(id);
        anonymised += (await this.blank(tx, id)) ? 1 : 0;
      }
      out.rows = [
        { table: 'admissions', erased: out.deletedIds.length, anonymised, kept: 0 },
        { table: 'admission_consent_requests', erased: requests, anonymised: 0, kept: 0 },
        { table: 'admission_aadhaar_reveals', erased: 0, anonymised: 0, kept: reveals },
      ];
      return out;
    });
  }

  /** Deletes the admission unless an order names it (a savepoint takes the refusal back). */
  private async deleteUnlessNamed(tx: Transaction, id: string): Promise<boolean> {
    try {
      return await tx.transaction(async (sp) => {
        const gone = await sp
          .delete(admissions)
          .where(eq(admissions.id, id))
          .returning({ id: admissions.id });
        return gone.length > 0;
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) return false;
      throw err;
    }
  }

  /** Blanks the admission's personal columns; false when nothing was left to blank. */
  private async blank(tx: Transaction, id: string): Promise<boolean> {
    const a = admissions;
    const texts: AnyPgColumn[] = [
      a.name,
      a.guardianName,
      a.guardianRelation,
      a.guardianMobile,
      a.guardian2Name,
      a.guardian2Relation,
      a.guardian2Mobile,
      a.dob,
      a.gender,
      a.school,
      a.address,
      a.pincode,
      a.mobile,
      a.email,
    ];
    const left = or(
      ...texts.map((c) => ne(c, '')),
      isNotNull(a.aadhaarSealed),
      isNotNull(a.parentConsentBy),
      isNotNull(a.parentConsentEmail),
    );
    const changed = await tx
      .update(admissions)
      .set(BLANK_ADMISSION)
      .where(and(eq(admissions.id, id), left))
      .returning({ id: admissions.id });
    return changed.length > 0;
  }
}
