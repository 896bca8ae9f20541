import { defineProject } from 'vitest/config';

export default defineProject({
  // Migrating a fresh PGlite and seeding take seconds, more on a busy machine.
  test: { name: 'db', include: ['src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});
