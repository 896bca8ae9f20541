import type { FastifyPluginAsync } from 'fastify';
import { quotesRoutes } from './quotes-routes.ts';
import type { QuotesService } from './quotes-service.ts';

/** The quotes module: quote requests of Get Quote stores, priced by the pricing unit. */
export const quotes: FastifyPluginAsync<{ service: QuotesService }> = async (app, o) => {
  quotesRoutes(app, o);
};
