import type { FastifyPluginCallback } from 'fastify';
import { pushRoutes, type PushRoutesOptions } from './push-routes.ts';

export { fcmWebOptions } from './push-routes.ts';

/** Web push: the storefront's Firebase settings (device tokens are registered by accounts). */
export const push: FastifyPluginCallback<PushRoutesOptions> = (app, o, done) => {
  pushRoutes(app, o);
  done();
};
