import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '@shop/db';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open, migrated database (PGlite or PostgreSQL). Opened and closed by the caller. */
    database: DatabaseHandle;
  }
}

/** Makes the database readable as `app.database`; repositories get `database.db`. */
export const databasePlugin = fp(
  (app: FastifyInstance, { database }: { database: DatabaseHandle }, done: () => void) => {
    app.decorate('database', database);
    done();
  },
  { name: 'database' },
);
