import { defineProject } from 'vitest/config';

/** Unit tests of the e2e scripts and of the specs' shared helpers; the specs (*.spec.ts) are Playwright's. */
export default defineProject({
  test: {
    name: 'e2e-scripts',
    include: ['scripts/**/*.test.ts', '*.test.ts'],
  },
});
