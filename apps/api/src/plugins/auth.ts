import type { FastifyRequest } from 'fastify';
import type { AccessTokens, TokenUser } from '../lib/access-tokens.ts';
import { HttpError } from '../lib/errors.ts';

export const NOT_SIGNED_IN = 'Please log in to continue.';

export type Authenticate = (request: FastifyRequest) => Promise<TokenUser>;

/** Reads `Authorization: Bearer <access token>`; 401 when it is missing, forged or expired. */
export function bearerAuthenticator(tokens: AccessTokens): Authenticate {
  return async (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const user = match ? await tokens.verify(match[1]!) : null;
    if (!user) throw new HttpError(401, NOT_SIGNED_IN);
    return user;
  };
}

/** The owner rule: a signed-in user may act only on its own user id. */
export function assertSelf(user: TokenUser, userId: string) {
  if (user.userId !== userId) {
    throw new HttpError(403, 'You can only access your own account.');
  }
}
