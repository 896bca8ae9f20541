import { and, desc, eq, gt, isNull, lt, lte, min, notInArray, sql } from 'drizzle-orm';
import { deviceTokens, otpCodes, refreshTokens, stores, users, type Database } from '@shop/db';

export type UserRow = typeof users.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type OtpPurpose = 'signup' | 'reset';

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

  async store(storeId: string) {
    const [row] = await this.db
      .select({
        id: stores.id,
        name: stores.name,
        phone: stores.phone,
        whatsapp: stores.whatsappNumber,
      })
      .from(stores)
      .where(eq(stores.id, storeId));
    return row ?? null;
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

  async updateUser(id: string, values: Partial<typeof users.$inferInsert>, db: Database = this.db) {
    // Nothing to change (a profile update with no fields): an UPDATE without SET is invalid SQL.
    if (Object.values(values).every((v) => v === undefined)) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    }
    const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
    return row ?? null;
  }

  /** Retires every live code of the email and stores a new one, atomically. */
  async replaceCode(values: {
    storeId: string;
    email: string;
    purpose: OtpPurpose;
    codeHash: string;
    expiresAt: Date;
    now: Date;
  }) {
    return this.db.transaction(async (tx) => {
      await tx
        .update(otpCodes)
        .set({ consumedAt: values.now })
        .where(
          and(
            eq(otpCodes.storeId, values.storeId),
            eq(otpCodes.email, values.email),
            isNull(otpCodes.consumedAt),
          ),
        );
      const [row] = await tx
        .insert(otpCodes)
        .values({ ...values, createdAt: values.now })
        .returning();
      return row!;
    });
  }

  async retireCode(id: string, now: Date) {
    await this.db.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, id));
  }

  /** The newest code of the email that is neither used nor already verified. */
  async liveCode(storeId: string, email: string) {
    const [row] = await this.db
      .select()
      .from(otpCodes)
      .where(
        and(
          eq(otpCodes.storeId, storeId),
          eq(otpCodes.email, email),
          isNull(otpCodes.consumedAt),
          isNull(otpCodes.verifiedAt),
        ),
      )
      .orderBy(desc(otpCodes.createdAt))
      .limit(1);
    return row ?? null;
  }

  /**
   * Counts a try before the code is compared (count first, then decide: one atomic statement,
   * so parallel guesses cannot exceed the limit). Returns the tries so far, or null when none
   * were left.
   */
  async countTry(id: string, maxTries: number) {
    const [row] = await this.db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxTries)))
      .returning({ attempts: otpCodes.attempts });
    return row?.attempts ?? null;
  }

  /** Marks a right guess (already counted), only if the code is still live and unexpired. */
  async markVerified(id: string, now: Date, maxTries: number) {
    const [row] = await this.db
      .update(otpCodes)
      .set({ verifiedAt: now })
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
}
