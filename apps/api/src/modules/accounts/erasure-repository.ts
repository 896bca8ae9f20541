import { and, eq, isNull } from 'drizzle-orm';
import { deviceTokens, otpCodes, refreshTokens, users, type Database } from '@shop/db';

/** The account as its erasure finds it: whose, which role, whether already erased. */
export interface AccountToErase {
  id: string;
  storeId: string;
  email: string;
  role: string;
  erasedAt: Date | null;
}

/** The accounts module's writes for an account's erasure (issue 61 item 3). */
export class AccountsErasureRepository {
  constructor(private readonly db: Database) {}

  async account(userId: string): Promise<AccountToErase | null> {
    const [row] = await this.db
      .select({
        id: users.id,
        storeId: users.storeId,
        email: users.email,
        role: users.role,
        erasedAt: users.erasedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  /**
   * In one transaction: the account row anonymised (once: an erased row is left as it is), the
   * codes sent to its old email, its sessions and its push devices deleted. Answers the counts.
   */
  erase(subject: { storeId: string; userId: string; email: string }, at: Date) {
    return this.db.transaction(async (tx) => {
      const anonymised = await tx
        .update(users)
        .set({
          email: `erased-${subject.userId}@invalid`,
          fullName: '',
          mobile: '',
          gstNo: '',
          passwordHash: null,
          googleSub: null,
          erasedAt: at,
        })
        .where(and(eq(users.id, subject.userId), isNull(users.erasedAt)))
        .returning({ id: users.id });
      const codes = await tx
        .delete(otpCodes)
        .where(and(eq(otpCodes.storeId, subject.storeId), eq(otpCodes.email, subject.email)))
        .returning({ id: otpCodes.id });
      const sessions = await tx
        .delete(refreshTokens)
        .where(eq(refreshTokens.userId, subject.userId))
        .returning({ id: refreshTokens.id });
      const devices = await tx
        .delete(deviceTokens)
        .where(eq(deviceTokens.userId, subject.userId))
        .returning({ token: deviceTokens.token });
      return {
        anonymised: anonymised.length,
        codes: codes.length,
        sessions: sessions.length,
        devices: devices.length,
      };
    });
  }
}
