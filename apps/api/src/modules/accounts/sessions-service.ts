import { randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair } from '@shop/contracts';
import type { Database } from '@shop/db';
import { parseRole, roleSatisfies } from '@shop/domain';
import type { AccessTokens } from '../../lib/access-tokens.ts';
import type { Clock } from '../../lib/clock.ts';
import { Unauthorized } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import { ACCOUNT_MESSAGES as MSG, HOUR } from './accounts-messages.ts';
import type { AccountsRepository, UserRow } from './accounts-repository.ts';

export interface SessionsServiceOptions {
  repository: AccountsRepository;
  tokens: AccessTokens;
  clock: Clock;
  refreshTtlDays: number;
  /** Absolute lifetime of a session: no refresh works this many days after sign-in. */
  sessionMaxDays: number;
  /** Absolute lifetime of a session of staff or an owner (hours): shorter than a customer's. */
  staffSessionHours: number;
}

/**
 * Sessions: a short-lived access token and a rotating refresh token. The access token carries
 * the user's role as the database has it at sign-in and at every refresh.
 */
export class SessionsService {
  constructor(private readonly o: SessionsServiceOptions) {}

  /** The one signer of access tokens. */
  private accessToken(user: UserRow) {
    return this.o.tokens.sign({
      userId: user.id,
      storeId: user.storeId,
      role: parseRole(user.role),
    });
  }

  /** How long a session may last from its sign-in: staff and owners' sessions are shorter. */
  private sessionMaxMs(user: UserRow) {
    return roleSatisfies(parseRole(user.role), 'staff')
      ? this.o.staffSessionHours * HOUR
      : this.o.sessionMaxDays * 24 * HOUR;
  }

  /**
   * A refresh token of a session begun at `startedAt`: valid `refreshTtlDays`, but never past
   * `sessionMaxDays` (staff: `staffSessionHours`) after the sign-in, however often it is
   * rotated. The role is read at every rotation, so a promoted customer's session shortens.
   */
  private async newRefreshToken(user: UserRow, familyId: string, startedAt: Date, db?: Database) {
    const token = randomBytes(32).toString('base64url');
    const now = this.o.clock();
    const end = Math.min(
      now.getTime() + this.o.refreshTtlDays * 24 * HOUR,
      startedAt.getTime() + this.sessionMaxMs(user),
    );
    // A customer promoted to staff mid-session: the shorter lifetime may already be over.
    if (end <= now.getTime()) throw new Unauthorized(MSG.sessionExpired);
    await this.o.repository.insertRefreshToken(
      {
        userId: user.id,
        familyId,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt: new Date(end),
      },
      db,
    );
    return token;
  }

  /** A new session (a new refresh-token family) for a user who just proved who they are. */
  async start(user: UserRow): Promise<TokenPair> {
    return {
      accessToken: await this.accessToken(user),
      refreshToken: await this.newRefreshToken(user, randomUUID(), this.o.clock()),
    };
  }

  /**
   * Exchanges a refresh token for a new pair. Each token works once; presenting one that was
   * already used revokes its whole family (a stolen copy and the real one cannot both live).
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const row = await this.o.repository.refreshTokenByHash(sha256Hex(refreshToken));
    const now = this.o.clock();
    if (!row || row.expiresAt <= now) throw new Unauthorized(MSG.sessionExpired);
    if (row.revokedAt) {
      await this.o.repository.revokeFamily(row.familyId, now);
      throw new Unauthorized(MSG.sessionExpired);
    }
    const user = await this.o.repository.userById(row.userId);
    if (!user) throw new Unauthorized(MSG.sessionExpired);
    const startedAt = await this.o.repository.familyStartedAt(row.familyId);
    const next = await this.o.repository.transaction(async (tx) => {
      if (!(await this.o.repository.revokeIfLive(tx, row.id, now))) return null;
      return this.newRefreshToken(user, row.familyId, startedAt ?? row.createdAt, tx);
    });
    if (!next) {
      await this.o.repository.revokeFamily(row.familyId, now);
      throw new Unauthorized(MSG.sessionExpired);
    }
    return { accessToken: await this.accessToken(user), refreshToken: next };
  }

  /** Ends the session the refresh token belongs to. Unknown tokens are fine (already out). */
  async end(refreshToken: string): Promise<void> {
    const row = await this.o.repository.refreshTokenByHash(sha256Hex(refreshToken));
    if (row) await this.o.repository.revokeFamily(row.familyId, this.o.clock());
  }

  /** Signs out every session of a user (after a password reset), inside the caller's transaction. */
  async endAllOf(userId: string, db: Database): Promise<void> {
    await this.o.repository.revokeAllOfUser(userId, this.o.clock(), db);
  }
}
