import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/api',
      'apps/web',
      'e2e',
      // The lint rules' own test, beside eslint.config.js.
      { test: { name: 'lint', include: ['eslint-rules.test.ts'] } },
    ],
  },
});
