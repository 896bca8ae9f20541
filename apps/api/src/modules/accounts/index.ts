import type { FastifyPluginAsync } from 'fastify';
import { accountsRoutes, type AccountsRoutesOptions } from './accounts-routes.ts';

/** The accounts module: sign-up and sign-in (codes, password, Google), sessions, profile. */
export const accounts: FastifyPluginAsync<AccountsRoutesOptions> = async (app, o) => {
  accountsRoutes(app, o);
};
