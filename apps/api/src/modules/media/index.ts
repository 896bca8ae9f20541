import type { FastifyPluginCallback } from 'fastify';
import { mediaRoutes, type MediaRoutesOptions } from './media-routes.ts';

export { readImageUploads } from './image-uploads.ts';

/** The media module: uploaded images (checks, renditions) and the generic upload route. */
export const media: FastifyPluginCallback<MediaRoutesOptions> = (app, o, done) => {
  mediaRoutes(app, o);
  done();
};
