import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { otpCodes, refreshTokens, staffInvites, users, type Database } from '@shop/db';

/** At most this many accounts per pass (a sweep runs passes until none is left). */
export const ACCOUNTS_BATCH = 200;

/** A customer account not active since before a moment, as the warning needs it. */
export interface InactiveAccount {
  id: string;
  email: string;
  lastActiveAt: Date;
}

/** Deletes the accounts module's rows past their retention (the cutoffs come from the domain). */
export class AccountsRetentionRepository {
  constructor(private readonly db: Database) {}

  /** Codes that expired before `before` (used or not). */
  async deleteCodesExpiredBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(otpCodes)
      .where(lt(otpCodes.expiresAt, before))
      .returning({ id: otpCodes.id });
    return rows.length;
  }

  /** Refresh tokens that expired before `before` (an expired token is refused anyway). */
  async deleteSessionsExpiredBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(refreshTokens)
      .where(lt(refreshTokens.expiresAt, before))
      .returning({ id: refreshTokens.id });
    return rows.length;
  }

  /** Staff invites that expired before `before`, or were closed before it. */
  async deleteInvitesEndedBefore(before: Date): Promise<number> {
    const rows = await this.db
      .delete(staffInvites)
      .where(
        or(
          lt(staffInvites.expiresAt, before),
          and(isNotNull(staffInvites.closedAt), lte(staffInvites.closedAt, before)),
        ),
      )
      .returning({ id: staffInvites.id });
    return rows.length;
  }

  /** Customer accounts (never staff nor owners), not erased, in `storeId`. */
  private customersOf(storeId: string) {
    return and(eq(users.storeId, storeId), eq(users.role, 'customer'), isNull(users.erasedAt));
  }

  /** Customer accounts not active since before `activeBefore` and not warned yet (a batch). */
  async unwarnedInactive(storeId: string, activeBefore: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          this.customersOf(storeId),
          lt(users.lastActiveAt, activeBefore),
          isNull(users.inactivityWarnedAt),
        ),
      )
      .orderBy(asc(users.lastActiveAt))
      .limit(ACCOUNTS_BATCH);
    return rows.map((r) => r.id);
  }

  /**
   * Warns one account once: in a transaction that locks its row (skipping it when another sweep
   * holds it), checks it is still inactive and unwarned, runs `send` and stamps the warning. The
   * email is owed by the row itself: a failed send or a crash before the commit leaves it
   * unwarned, so the next sweep sends it; a sign-in meanwhile waits for the stamp, then clears
   * it. Answers whether it was warned.
   */
  warnOnce(
    storeId: string,
    userId: string,
    activeBefore: Date,
    now: Date,
    send: (account: InactiveAccount) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [account] = await tx
        .select({ id: users.id, email: users.email, lastActiveAt: users.lastActiveAt })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            this.customersOf(storeId),
            lt(users.lastActiveAt, activeBefore),
            isNull(users.inactivityWarnedAt),
          ),
        )
        .for('update', { skipLocked: true });
      if (!account) return false;
      await send(account);
      await tx
        .update(users)
        .set({ inactivityWarnedAt: now, updatedAt: sql`${users.updatedAt}` })
        .where(eq(users.id, userId));
      return true;
    });
  }

  /** Customer accounts inactive since before `activeBefore` and warned before `warnedBefore`. */
  async warnedInactive(storeId: string, activeBefore: Date, warnedBefore: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          this.customersOf(storeId),
          lt(users.lastActiveAt, activeBefore),
          lte(users.inactivityWarnedAt, warnedBefore),
        ),
      )
      .orderBy(asc(users.lastActiveAt))
      .limit(ACCOUNTS_BATCH);
    return rows.map((r) => r.id);
  }

  /** Whether the account is still inactive and warned as `warnedInactive` found it. */
  async stillWarnedInactive(userId: string, activeBefore: Date, warnedBefore: Date) {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, userId),
          eq(users.role, 'customer'),
          isNull(users.erasedAt),
          lt(users.lastActiveAt, activeBefore),
          lte(users.inactivityWarnedAt, warnedBefore),
        ),
      );
    return row !== undefined;
  }
}
