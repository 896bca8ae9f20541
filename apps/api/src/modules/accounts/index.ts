import type { FastifyPluginCallback } from 'fastify';
import { accountsRoutes, type AccountsRoutesOptions } from './accounts-routes.ts';

/** The accounts module: sign-up and sign-in (codes, password, Google), sessions, profile. */
export const accounts: FastifyPluginCallback<AccountsRoutesOptions> = (app, o, done) => {
  accountsRoutes(app, o);
  done();
};
