// Setup file of the API project: the PostgreSQL server of postgres-global-setup.ts, where the
// tests and testDatabaseTargets() look for it.
import { inject } from 'vitest';

process.env.TEST_DATABASE_URL = inject('testDatabaseUrl');
