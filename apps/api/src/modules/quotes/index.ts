import type { FastifyPluginCallback } from 'fastify';
import { quotesRoutes } from './quotes-routes.ts';
import type { QuotesService } from './quotes-service.ts';

/** The quotes module: quote requests of Get Quote stores, priced by the pricing unit. */
export const quotes: FastifyPluginCallback<{ service: QuotesService }> = (app, o, done) => {
  quotesRoutes(app, o);
  done();
};
