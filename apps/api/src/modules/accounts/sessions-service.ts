import { randomBytes, randomUUID } from 'node:crypto';
import type { TokenPair } from '@shop/contracts';
import type { Database } from '@shop/db';
import { parseRole, parseSessionScope, roleSatisfies, type SessionScope } from '@shop/domain';
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
  /** Absolute lifetime of an admin session (hours): shorter than a storefront one. */
  staffSessionHours: number;
}

/**
 * Sessions: a short-lived access token and a rotating refresh token. A session has the scope of
 * the sign-in that began it (decision 0032): 'admin' only from the admin sign-in, where the
 * access token carries the user's role as the database has it at sign-in and at every refresh;
 * 'storefront' from every other sign-in, whose tokens act as a customer's whatever the role.
 */
export class SessionsService {
  constructor(private readonly sessionsDeps: SessionsServiceOptions) {}

  /** The one signer of access tokens. */
  private accessToken(user: UserRow, scope: SessionScope) {
    return this.sessionsDeps.tokens.sign({
      userId: user.id,
      storeId: user.storeId,
      role: parseRole(user.role),
      scope,
    });
  }

  /** How long a session may last from its sign-in: admin sessions are shorter. */
  private sessionMaxMs(scope: SessionScope) {
    return scope === 'admin'
      ? this.sessionsDeps.staffSessionHours * HOUR
      : this.sessionsDeps.sessionMaxDays * 24 * HOUR;
  }

  /**
   * A refresh token of a session begun at `startedAt`: valid `refreshTtlDays`, but never past
   * `sessionMaxDays` (an admin session: `staffSessionHours`) after the sign-in, however often
   * it is rotated.
   */
  private async newRefreshToken(
    user: UserRow,
    family: { id: string; startedAt: Date; scope: SessionScope },
    db?: Database,
  ) {
    const token = randomBytes(32).toString('base64url');
    const now = this.sessionsDeps.clock();
    const end = Math.min(
      now.getTime() + this.sessionsDeps.refreshTtlDays * 24 * HOUR,
      family.startedAt.getTime() + this.sessionMaxMs(family.scope),
    );
    if (end <= now.getTime()) throw new Unauthorized(MSG.sessionExpired);
    await this.sessionsDeps.repository.insertRefreshToken(
      {
        userId: user.id,
        familyId: family.id,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt: new Date(end),
        scope: family.scope,
      },
      db,
    );
    return token;
  }

  /**
   * A new session (a new refresh-token family) for a user who just proved who they are:
   * 'admin' only from the admin sign-in (after its second factor when the store asks for one).
   */
  async start(user: UserRow, scope: SessionScope): Promise<TokenPair> {
    const family = { id: randomUUID(), startedAt: this.sessionsDeps.clock(), scope };
    return {
      accessToken: await this.accessToken(user, scope),
      refreshToken: await this.newRefreshToken(user, family),
    };
  }

  /**
   * Exchanges a refresh token for a new pair of the same scope. Each token works once;
   * presenting one that was already used revokes its whole family (a stolen copy and the real
   * one cannot both live). An admin session of an account that is no longer staff ends.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const row = await this.sessionsDeps.repository.refreshTokenByHash(sha256Hex(refreshToken));
    const now = this.sessionsDeps.clock();
    if (!row || row.expiresAt <= now) throw new Unauthorized(MSG.sessionExpired);
    if (row.revokedAt) {
      await this.sessionsDeps.repository.revokeFamily(row.familyId, now);
      throw new Unauthorized(MSG.sessionExpired);
    }
    const user = await this.sessionsDeps.repository.userById(row.userId);
    if (!user) throw new Unauthorized(MSG.sessionExpired);
    const scope = parseSessionScope(row.scope);
    if (scope === 'admin' && !roleSatisfies(parseRole(user.role), 'staff')) {
      await this.sessionsDeps.repository.revokeFamily(row.familyId, now);
      throw new Unauthorized(MSG.sessionExpired);
    }
    const startedAt = await this.sessionsDeps.repository.familyStartedAt(row.familyId);
    const family = { id: row.familyId, startedAt: startedAt ?? row.createdAt, scope };
    const next = await this.sessionsDeps.repository.transaction(async (tx) => {
      if (!(await this.sessionsDeps.repository.revokeIfLive(tx, row.id, now))) return null;
      return this.newRefreshToken(user, family, tx);
    });
    if (!next) {
      await this.sessionsDeps.repository.revokeFamily(row.familyId, now);
      throw new Unauthorized(MSG.sessionExpired);
    }
    return { accessToken: await this.accessToken(user, scope), refreshToken: next };
  }

  /** Ends the session the refresh token belongs to. Unknown tokens are fine (already out). */
  async end(refreshToken: string): Promise<void> {
    const row = await this.sessionsDeps.repository.refreshTokenByHash(sha256Hex(refreshToken));
    if (row)
      await this.sessionsDeps.repository.revokeFamily(row.familyId, this.sessionsDeps.clock());
  }

  /** Signs out every session of a user (after a password reset), inside the caller's transaction. */
  async endAllOf(userId: string, db: Database): Promise<void> {
    await this.sessionsDeps.repository.revokeAllOfUser(userId, this.sessionsDeps.clock(), db);
  }
}
