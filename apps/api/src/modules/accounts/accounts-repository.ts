import {
  and,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  min,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import { deviceTokens, otpCodes, refreshTokens, users, type Database } from '@shop/db';
import type { PersonalRows } from '../../lib/personal-rows.ts';
import {
  createStoreIfMissing,
  staffSecondFactorOf,
  storeContactOf,
} from '../store-settings/index.ts';

export type UserRow = typeof users.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type OtpPurpose = 'signup' | 'reset';
/** A code emailed at an admin sign-in (the store's second factor); checked only by its challenge. */
/**
 * Every kind of stored code: the public ones, the second factor of an admin sign-in, and the test
 * code the owner types back before turning that second factor on.
 */
export type CodePurpose = OtpPurpose | StaffCodePurpose;
/** The codes checked only through a challenge, never by the public verify-otp call. */
export type StaffCodePurpose = 'staff-login' | 'second-factor-test';
/** The purposes the public verify-otp call may check. */
const OTP_PURPOSES: OtpPurpose[] = ['signup', 'reset'];

/** Postgres unique_violation, as both drivers report it. */
export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/** What a signup or reset proof names: one verified code of one email and purpose. */
export interface ProofWhere {
  codeId: string;
  storeId: string;
  email: string;
  purpose: OtpPurpose;
  verifiedAfter: Date;
}

const proofCondition = (w: ProofWhere) =>
  and(
    eq(otpCodes.id, w.codeId),
    eq(otpCodes.storeId, w.storeId),
    eq(otpCodes.email, w.email),
    eq(otpCodes.purpose, w.purpose),
    isNull(otpCodes.consumedAt),
    gt(otpCodes.verifiedAt, w.verifiedAfter),
  );

/** The only code that reads and writes account rows. */
export class AccountsRepository {
  constructor(private readonly db: Database) {}

  /** The account, its sessions (refresh tokens) and push devices as stored, for its data export. */
  async personalRowsOf(userId: string): Promise<PersonalRows[]> {
    const [account, sessions, devices] = await Promise.all([
      this.db.select().from(users).where(eq(users.id, userId)),
      this.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, userId))
        .orderBy(refreshTokens.createdAt, refreshTokens.id),
      this.db
        .select()
        .from(deviceTokens)
        .where(eq(deviceTokens.userId, userId))
        .orderBy(deviceTokens.createdAt, deviceTokens.token),
    ]);
    return [
      { table: users, rows: account },
      { table: refreshTokens, rows: sessions },
      { table: deviceTokens, rows: devices },
    ];
  }

  store(storeId: string) {
    return storeContactOf(this.db, storeId);
  }

  /** Creates the store when there is none with this id; true when it was created. */
  createStoreIfMissing(id: string, name: string): Promise<boolean> {
    return createStoreIfMissing(this.db, id, name);
  }

  async userByEmail(storeId: string, email: string, db: Database = this.db) {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.email, email)));
    return row ?? null;
  }

  async userById(id: string) {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  }

  async userByGoogleSub(storeId: string, sub: string) {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.googleSub, sub)));
    return row ?? null;
  }

  async createUser(values: typeof users.$inferInsert, db: Database = this.db) {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  }

  /** Whether the store has a user with the owner role. */
  async hasOwner(storeId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.storeId, storeId), eq(users.role, 'owner')))
      .limit(1);
    return row !== undefined;
  }

  async updateUser(id: string, values: Partial<typeof users.$inferInsert>, db: Database = this.db) {
    // Nothing to change (a profile update with no fields): an UPDATE without SET is invalid SQL.
    if (Object.values(values).every((v) => v === undefined)) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    }
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    return row ?? null;
  }

  /** Stores a new code; the other live codes of the email stay live (no lockout). */
  async addCode(values: {
    storeId: string;
    email: string;
    purpose: CodePurpose;
    codeHash: string;
    expiresAt: Date;
    now: Date;
  }) {
    const { now, ...code } = values;
    const [row] = await this.db
      .insert(otpCodes)
      .values({ ...code, createdAt: now })
      .returning();
    return row!;
  }

  async retireCode(id: string, now: Date) {
    await this.db.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, id));
  }

  /** The newest code of the email that is neither used nor already verified (expired or not). */
  async liveCode(storeId: string, email: string) {
    const [row] = await this.db
      .select()
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.storeId, storeId),
          eq(otpCodes.email, email),
          inArray(otpCodes.purpose, OTP_PURPOSES),
          isNull(otpCodes.consumedAt),
          isNull(otpCodes.verifiedAt),
        ),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    return row ?? null;
  }

  /**
   * The email's codes that are neither used, verified nor expired, newest first (a bound on
   * the rows read; sends per email are limited far below it).
   */
  async liveCodes(storeId: string, email: string, now: Date) {
    return this.db
      .select()
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.storeId, storeId),
          eq(otpCodes.email, email),
          inArray(otpCodes.purpose, OTP_PURPOSES),
          isNull(otpCodes.consumedAt),
          isNull(otpCodes.verifiedAt),
          gt(otpCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(100);
  }

  /**
   * Counts a try on each code before the guess is compared with it (count first, then decide:
   * one atomic statement, so parallel guesses cannot exceed any code's limit). Returns the
   * codes that had a try left, with their tries so far.
   */
  async countTries(ids: string[], maxTries: number) {
    if (ids.length === 0) return [];
    return this.db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(inArray(otpCodes.id, ids), lt(otpCodes.attempts, maxTries)))
      .returning({ id: otpCodes.id, attempts: otpCodes.attempts });
  }

  /** Marks a right guess (already counted), only if the code is still live and unexpired. */
  markVerified(id: string, now: Date, maxTries: number) {
    return this.settleRightGuess(id, now, maxTries, { verifiedAt: now });
  }

  /** One conditional UPDATE of a right guess: only while the code is live and unexpired. */
  private async settleRightGuess(
    id: string,
    now: Date,
    maxTries: number,
    values: Partial<Pick<OtpRow, 'verifiedAt' | 'consumedAt'>>,
  ) {
    const [row] = await this.db
      .update(otpCodes)
      .set(values)
      .where(
        and(
          eq(otpCodes.id, id),
          isNull(otpCodes.verifiedAt),
          isNull(otpCodes.consumedAt),
          gt(otpCodes.expiresAt, now),
          lte(otpCodes.attempts, maxTries),
        ),
      )
      .returning({ id: otpCodes.id });
    return row !== undefined;
  }

  /**
   * Retires the other codes of the verified code's email and purpose: live ones, and proofs
   * verified before this one (a proof verified at the same moment, by a parallel right guess,
   * is left alone rather than both dying).
   */
  async retireOthers(
    code: { id: string; storeId: string; email: string; purpose: string },
    now: Date,
  ) {
    await this.db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpCodes.storeId, code.storeId),
          eq(otpCodes.email, code.email),
          eq(otpCodes.purpose, code.purpose),
          ne(otpCodes.id, code.id),
          isNull(otpCodes.consumedAt),
          or(isNull(otpCodes.verifiedAt), lt(otpCodes.verifiedAt, now)),
        ),
      );
  }

  /** A store's second-factor setting for staff sign-ins (off when the store has no settings). */
  staffSecondFactor(storeId: string): Promise<boolean> {
    return staffSecondFactorOf(this.db, storeId);
  }

  /** One code of a store and purpose, whatever its state. */
  async codeById(storeId: string, id: string, purpose: CodePurpose) {
    const [row] = await this.db
      .select()
      .from(otpCodes)
      .where(
        and(eq(otpCodes.id, id), eq(otpCodes.storeId, storeId), eq(otpCodes.purpose, purpose)),
      );
    return row ?? null;
  }

  /**
   * Uses up a right guess of a sign-in code (already counted) in one statement: only one of
   * two parallel right guesses gets it, and only while the code is live and unexpired.
   */
  useCode(id: string, now: Date, maxTries: number) {
    return this.settleRightGuess(id, now, maxTries, { verifiedAt: now, consumedAt: now });
  }

  /** The code a proof names, if it is verified after `verifiedAfter` and not used yet. */
  async verifiedCode(where: ProofWhere, db: Database = this.db) {
    const [row] = await db.select({ id: otpCodes.id }).from(otpCodes).where(proofCondition(where));
    return row !== undefined;
  }

  /**
   * Uses up the verified code a proof names, inside `tx`. Returns false when it is not there
   * (never verified, too old, already used, or another email's): the email was not proven.
   */
  async consumeVerifiedCode(tx: Database, where: ProofWhere & { now: Date }) {
    const rows = await tx
      .update(otpCodes)
      .set({ consumedAt: where.now })
      .where(proofCondition(where))
      .returning({ id: otpCodes.id });
    return rows.length > 0;
  }

  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async insertRefreshToken(values: typeof refreshTokens.$inferInsert, db: Database = this.db) {
    await db.insert(refreshTokens).values(values);
  }

  /**
   * The account was active at `at` (a sign-in or a refresh): the inactive-account clock starts
   * again and a warning that it would be erased is void (issue 61 item 5). `updated_at` stays,
   * it dates the profile's changes.
   */
  async markActive(userId: string, at: Date, db: Database = this.db) {
    await db
      .update(users)
      .set({ lastActiveAt: at, inactivityWarnedAt: null, updatedAt: sql`${users.updatedAt}` })
      .where(eq(users.id, userId));
  }

  async refreshTokenByHash(hash: string) {
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash));
    return row ?? null;
  }

  /** When a session began: the creation of its family's first refresh token. */
  async familyStartedAt(familyId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ startedAt: min(refreshTokens.createdAt) })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, familyId));
    return row?.startedAt ?? null;
  }

  /** Revokes one token if it is still live; false when another request got there first. */
  async revokeIfLive(tx: Database, id: string, now: Date) {
    const rows = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length > 0;
  }

  async revokeFamily(familyId: string, now: Date) {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  async revokeAllOfUser(userId: string, now: Date, db: Database = this.db) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  /** Whether a session (refresh-token family) of the user may act under the emailed code. */
  async sessionHasSecondFactor(userId: string, familyId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, familyId),
          eq(refreshTokens.userId, userId),
          eq(refreshTokens.secondFactor, true),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Inside the caller's transaction: revokes every live admin session of the store's accounts
   * that may not act under the emailed code, but `keep` (an admin session of `keep.userId`),
   * which is marked as one that may. Returns how many sessions ended.
   */
  async endAdminSessionsWithoutCode(
    tx: Database,
    storeId: string,
    now: Date,
    keep: { userId: string; familyId: string } | null,
  ): Promise<number> {
    if (keep) {
      await tx
        .update(refreshTokens)
        .set({ secondFactor: true })
        .where(
          and(
            eq(refreshTokens.familyId, keep.familyId),
            eq(refreshTokens.userId, keep.userId),
            eq(refreshTokens.scope, 'admin'),
          ),
        );
    }
    const ended = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          isNull(refreshTokens.revokedAt),
          eq(refreshTokens.scope, 'admin'),
          eq(refreshTokens.secondFactor, false),
          inArray(
            refreshTokens.userId,
            tx.select({ id: users.id }).from(users).where(eq(users.storeId, storeId)),
          ),
        ),
      )
      .returning({ familyId: refreshTokens.familyId });
    return new Set(ended.map((r) => r.familyId)).size;
  }

  /** Keeps a device token (renewing one seen before), then only the user's `keep` newest. */
  async addDeviceToken(userId: string, token: string, keep: number, now: Date) {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(deviceTokens)
        .values({ userId, token, createdAt: now })
        .onConflictDoUpdate({
          target: [deviceTokens.userId, deviceTokens.token],
          set: { createdAt: now },
        });
      const newest = tx
        .select({ token: deviceTokens.token })
        .from(deviceTokens)
        .where(eq(deviceTokens.userId, userId))
        .orderBy(desc(deviceTokens.createdAt), desc(deviceTokens.token))
        .limit(keep);
      await tx
        .delete(deviceTokens)
        .where(and(eq(deviceTokens.userId, userId), notInArray(deviceTokens.token, newest)));
    });
  }

  /** A user's push device tokens, newest first. */
  async deviceTokensOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ token: deviceTokens.token })
      .from(deviceTokens)
      .where(eq(deviceTokens.userId, userId))
      .orderBy(desc(deviceTokens.createdAt), desc(deviceTokens.token));
    return rows.map((r) => r.token);
  }

  /** Removes all of a user's push device tokens. */
  async forgetAllDeviceTokens(userId: string) {
    await this.db.delete(deviceTokens).where(eq(deviceTokens.userId, userId));
  }

  async forgetDeviceTokens(userId: string, tokens: readonly string[]) {
    if (tokens.length === 0) return;
    await this.db
      .delete(deviceTokens)
      .where(and(eq(deviceTokens.userId, userId), inArray(deviceTokens.token, [...tokens])));
  }
}
