import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Each file opens its own fresh database; PGlite start-up and migration take a few seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
