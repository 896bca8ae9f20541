// Setup file of the API project: the PostgreSQL server and the PGlite template of
// postgres-global-setup.ts, where the tests and testDatabaseTargets() look for them.
import { inject } from 'vitest';

process.env.TEST_DATABASE_URL = inject('testDatabaseUrl');
process.env.TEST_PGLITE_TEMPLATE = inject('pgliteTemplate');
