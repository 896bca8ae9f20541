// Runs first in `npm test` and `npm run test:e2e`: without Chromium the browser tests cannot
// start, and a newcomer should learn that in a second, not after lint, types, unit tests and a
// build. Plain JavaScript on purpose: it needs no build step and no dependency.
import { accessSync, constants, statSync } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const fromEnv = process.env.CHROMIUM_PATH;
const path = fromEnv || DEFAULT_PATH;

/** Why `path` cannot be launched, or null when it can. */
function problem(file) {
  try {
    if (!statSync(file).isFile()) return 'is not a file';
    accessSync(file, constants.X_OK);
    return null;
  } catch (err) {
    return err && err.code === 'ENOENT' ? 'does not exist' : 'is not executable';
  }
}

const why = problem(path);
if (why) {
  const where = fromEnv ? `CHROMIUM_PATH=${path}` : `Chromium (looked for ${path})`;
  console.error(
    [
      `${where} ${why}: the browser tests (e2e/, Playwright) need Chromium.`,
      '',
      'Install it (Debian/Ubuntu):',
      '  sudo apt-get install chromium',
      '',
      'or point CHROMIUM_PATH at a Chromium or Chrome you already have, e.g.',
      '  CHROMIUM_PATH=/path/to/chrome npm test',
      '',
      'Lint, types and unit tests alone: npm run lint && npm run typecheck && npm run test:unit',
    ].join('\n'),
  );
  process.exit(1);
}
