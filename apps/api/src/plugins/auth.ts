import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { roleSatisfies, type Role } from '@shop/domain';
import type { AccessTokens } from '../lib/access-tokens.ts';
import { Forbidden, Unauthorized } from '../lib/errors.ts';

export const NOT_SIGNED_IN = 'Please log in to continue.';
export const NOT_YOURS = 'You can only access your own account.';
export const NOT_ALLOWED = 'You do not have access to this.';

/** The caller of a request, from its access token: set once per request by this plugin. */
export interface SignedInUser {
  id: string;
  storeId: string;
  role: Role;
  /** The admin session the token belongs to (its `sid`), when it names one. */
  sessionId?: string | undefined;
}

/** Where a route finds the user id (or store id) the caller must match. */
export interface PathToId {
  in: 'params' | 'body';
  key: string;
}

/** What a route needs of its caller (declared in its `config`). */
export interface AuthNeed {
  /** The least role: 'customer' is any signed-in user. */
  role: Role;
  /** The caller must be the user this names (owner of the resource in the path or body). */
  self?: PathToId;
  /** The caller's store must be the store this names. */
  store?: PathToId;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null without a valid access token. Never parse tokens yourself. */
    user: SignedInUser | null;
  }
  interface FastifyContextConfig {
    auth?: AuthNeed;
  }
}

/**
 * How routes declare their need, one way everywhere: `config: needs.signedIn()` and so on.
 * A caller without a valid token gets 401 before the body is read; a caller without the role
 * gets 403; a caller who is not the `self` user (or not of the `store`) gets 403 once the input
 * is validated.
 */
export const needs = {
  /** Any signed-in user (customer, staff or owner). */
  signedIn: (): { auth: AuthNeed } => ({ auth: { role: 'customer' } }),
  /** A signed-in user who is the user named by `params[key]` or `body[key]`. */
  self: (where: PathToId['in'], key: string): { auth: AuthNeed } => ({
    auth: { role: 'customer', self: { in: where, key } },
  }),
  /** Staff or the owner of the caller's store (of `store` when given). */
  staff: (store?: PathToId): { auth: AuthNeed } => ({
    auth: { role: 'staff', ...(store && { store }) },
  }),
  /** The owner of the caller's store (of `store` when given). */
  storeOwner: (store?: PathToId): { auth: AuthNeed } => ({
    auth: { role: 'owner', ...(store && { store }) },
  }),
};

/** The caller of a route that declared a need; 401 if there is none (a route forgot `config`). */
export function callerOf(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new Unauthorized(NOT_SIGNED_IN);
  return request.user;
}

function valueAt(request: FastifyRequest, at: PathToId): unknown {
  const source = at.in === 'params' ? request.params : request.body;
  return source && typeof source === 'object' ? (source as Record<string, unknown>)[at.key] : null;
}

/**
 * The user's role in the database now, for a token of the admin session `sessionId`; null when
 * the account is gone or that session may not act (its store asks staff for the emailed code
 * and the session began without it).
 */
export type CurrentRole = (userId: string, sessionId: string | undefined) => Promise<Role | null>;

/**
 * The caller as they may act now: a token with staff or owner power goes by the lesser of its
 * role and the account's role in the database (null when the account is gone, or its session
 * may not act: see `currentRole`); a customer's token as it is, without a read.
 */
async function actingAs(
  user: SignedInUser,
  currentRole: CurrentRole,
): Promise<SignedInUser | null> {
  if (user.role === 'customer') return user;
  const now = await currentRole(user.id, user.sessionId);
  if (!now) return null;
  return roleSatisfies(now, user.role) ? user : { ...user, role: now };
}

/**
 * Sets `request.user` from `Authorization: Bearer <access token>` for every request and enforces
 * each route's declared `config.auth`. The role in the token was read from the database when it
 * was signed; a token with staff or owner power has its role read again (`currentRole`, one
 * primary-key read) on every request, whatever the route, and goes by the lesser of the two, so
 * a removed or demoted member is refused at once everywhere (the admin routes, and a route open
 * to any signed-in user that shows more to staff, such as an order's invoice), and a promotion
 * still waits for the next token. A customer's token is never read again.
 */
const authPlugin: FastifyPluginCallback<{
  tokens: AccessTokens;
  currentRole: CurrentRole;
}> = (app, { tokens, currentRole }, done) => {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const verified = match ? await tokens.verify(match[1]!) : null;
    request.user = verified
      ? await actingAs(
          {
            id: verified.userId,
            storeId: verified.storeId,
            role: verified.role,
            sessionId: verified.sessionId,
          },
          currentRole,
        )
      : null;
    const need = request.routeOptions.config.auth;
    if (!need) return;
    if (!request.user) throw new Unauthorized(NOT_SIGNED_IN);
    if (!roleSatisfies(request.user.role, need.role)) throw new Forbidden(NOT_ALLOWED);
  });

  // After validation, so the ids compared are the validated ones.
  app.addHook('preHandler', (request, _reply, next) => {
    const need = request.routeOptions.config.auth;
    const user = request.user;
    if (!need || !user) return next();
    if (need.self && valueAt(request, need.self) !== user.id) {
      return next(new Forbidden(NOT_YOURS));
    }
    if (need.store && valueAt(request, need.store) !== user.storeId) {
      return next(new Forbidden(NOT_ALLOWED));
    }
    next();
  });
  done();
};

export default fp(authPlugin, { name: 'auth', fastify: '5.x' });
