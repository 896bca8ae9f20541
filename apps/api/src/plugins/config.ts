import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../app-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration the server was built with. */
    config: AppConfig;
  }
}

/** Makes the configuration readable as `app.config` (loaded by config/config.ts). */
export const configPlugin = fp(
  (app: FastifyInstance, { config }: { config: AppConfig }, done: () => void) => {
    app.decorate('config', config);
    done();
  },
  { name: 'config' },
);
