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

/** A session: its refresh-token family, when it began, where, and whether it passed the code. */
interface Family {
  id: string;
  startedAt: Date;
  scope: SessionScope;
  secondFactor: boolean;
}

/**
 * Sessions: a short-lived access token and a rotating refresh token. A session has the scope of
 * the sign-in that began it (decision 0032): 'admin' only from the admin sign-in, where the
 * access token carries the user's role as the database has it at sign-in and at every refresh;
 * 'storefront' from every other sign-in, whose tokens act as a customer's whatever the role.
 * An admin session also records whether it began with the store's emailed code: while the store
 * asks for the code, one that did not cannot act (issue 58 item 5).
 */
export class SessionsService {
  constructor(private readonly sessionsDeps: SessionsServiceOptions) {}

  /** The one signer of access tokens; an admin one names its session. */
  private accessToken(user: UserRow, family: Family) {
    return this.sessionsDeps.tokens.sign({
      userId: user.id,
      storeId: user.storeId,
      role: parseRole(user.role),
      scope: family.scope,
      sessionId: family.id,
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
  private async newRefreshToken(user: UserRow, family: Family, db?: Database) {
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
        secondFactor: family.secondFactor,
      },
      db,
    );
    await this.sessionsDeps.repository.markActive(user.id, now, db);
    return token;
  }

  /**
   * A new session (a new refresh-token family) for a user who just proved who they are:
   * 'admin' only from the admin sign-in (after its second factor when the store asks for one:
   * `secondFactor`, the emailed code was checked).
   */
  async start(
    user: UserRow,
    scope: SessionScope,
    { secondFactor = false }: { secondFactor?: boolean } = {},
  ): Promise<TokenPair> {
    const family = { id: randomUUID(), startedAt: this.sessionsDeps.clock(), scope, secondFactor };
    return {
      accessToken: await this.accessToken(user, family),
      refreshToken: await this.newRefreshToken(user, family),
    };
  }

  /**
   * Whether an admin session may act now: always, unless its store asks for the emailed code
   * and the session did not begin with it (nor is the owner's session that turned it on). A
   * token without a session id (signed before tokens named one) may not act under the code.
   */
  async mayAct(user: { id: string; storeId: string }, sessionId: string | undefined) {
    if (!(await this.sessionsDeps.repository.staffSecondFactor(user.storeId))) return true;
    return sessionId !== undefined
      ? this.sessionsDeps.repository.sessionHasSecondFactor(user.id, sessionId)
      : false;
  }

  /**
   * The store has just turned the emailed code on (inside that change's transaction): ends
   * every admin session of its accounts that did not begin with the code, so none refreshes
   * again, except `keep`, the session of the owner making the change, which may go on (it
   * would otherwise be signed out by its own change). Returns how many sessions ended.
   */
  endAdminSessionsWithoutCode(
    tx: Database,
    storeId: string,
    keep: { userId: string; sessionId: string } | null,
  ): Promise<number> {
    return this.sessionsDeps.repository.endAdminSessionsWithoutCode(
      tx,
      storeId,
      this.sessionsDeps.clock(),
      keep && { userId: keep.userId, familyId: keep.sessionId },
    );
  }

  /**
   * Exchanges a refresh token for a new pair of the same scope. Each token works once;
   * presenting one that was already used revokes its whole family (a stolen copy and the real
   * one cannot both live). An admin session of an account that is no longer staff ends, and so
   * does one without the emailed code while its store asks for it.
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
    if (
      scope === 'admin' &&
      (!roleSatisfies(parseRole(user.role), 'staff') ||
        (!row.secondFactor && (await this.sessionsDeps.repository.staffSecondFactor(user.storeId))))
    ) {
      await this.sessionsDeps.repository.revokeFamily(row.familyId, now);
      throw new Unauthorized(MSG.sessionExpired);
    }
    const startedAt = await this.sessionsDeps.repository.familyStartedAt(row.familyId);
    const family: Family = {
      id: row.familyId,
      startedAt: startedAt ?? row.createdAt,
      scope,
      secondFactor: row.secondFactor,
    };
    const next = await this.sessionsDeps.repository.transaction(async (tx) => {
      if (!(await this.sessionsDeps.repository.revokeIfLive(tx, row.id, now))) return null;
      return this.newRefreshToken(user, family, tx);
    });
    if (!next) {
      await this.sessionsDeps.repository.revokeFamily(row.familyId, now);
      throw new Unauthorized(MSG.sessionExpired);
    }
    return { accessToken: await this.accessToken(user, family), refreshToken: next };
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
