import type { FastifyRequest } from 'fastify';
import type { AccessTokens, TokenUser } from '../lib/access-tokens.ts';
import { HttpError } from '../lib/errors.ts';

export const NOT_SIGNED_IN = 'Please log in to continue.';

/** The caller of a request; 401 when its access token is missing, forged or expired. */
export type Authenticate = ((request: FastifyRequest) => Promise<TokenUser>) & {
  /**
   * An onRequest hook for routes that need a signed-in caller: it answers 401 before the body
   * is even validated, so anonymous callers learn nothing about the route.
   */
  required: (request: FastifyRequest) => Promise<void>;
};

/** Reads `Authorization: Bearer <access token>`, once per request. */
export function bearerAuthenticator(tokens: AccessTokens): Authenticate {
  const seen = new WeakMap<FastifyRequest, Promise<TokenUser | null>>();
  const authenticate = async (request: FastifyRequest) => {
    let pending = seen.get(request);
    if (!pending) {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      pending = match ? tokens.verify(match[1]!) : Promise.resolve(null);
      seen.set(request, pending);
    }
    const user = await pending;
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    return user;
  };
  return Object.assign(authenticate, {
    required: async (request: FastifyRequest) => {
      await authenticate(request);
    },
  });
}

/** The owner rule: a signed-in user may act only on its own user id. */
export function assertSelf(user: TokenUser, userId: string) {
  if (user.userId !== userId) {
    throw new HttpError(403, 'You can only access your own account.');
  }
}
