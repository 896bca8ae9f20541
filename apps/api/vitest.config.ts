import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    // One PostgreSQL server for the run (TEST_DATABASE_URL's, or one of the tests' own).
    globalSetup: ['src/test-support/postgres-global-setup.ts'],
    setupFiles: ['src/test-support/postgres-url.ts'],
    // Each file opens its own fresh database; PGlite start-up and migration take a few seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
