import { and, lt, lte, or, isNotNull } from 'drizzle-orm';
import { otpCodes, refreshTokens, staffInvites, type Database } from '@shop/db';

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
}
