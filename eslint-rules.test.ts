import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rules that guard the code's shape, tried on files planted inside the repo (so this
 * repo's eslint.config.js applies to them) and removed afterwards. The planted files sit in the
 * web app, so one type-checked program serves every case.
 */
const root = import.meta.dirname;
const planted = `lint-planted-${process.pid}`;
const web = join(root, 'apps/web/src');
const cycleDir = join(web, 'lib', planted);
const adminDir = join(web, 'admin', planted);
const featureDir = join(web, 'features/content', planted);
const appDir = join(web, 'app', planted);

/** Path inside the repo → its text. */
const files: Record<string, string> = {
  [join(cycleDir, 'first.ts')]: `import { second } from './second.ts';

export function first(): string {
  return second();
}
`,
  [join(cycleDir, 'second.ts')]: `import { first } from './first.ts';

export function second(): string {
  return first();
}
`,
  [join(adminDir, 'admin-piece.ts')]: `export const adminPiece = 'admin';
`,
  [join(featureDir, 'storefront-piece.ts')]: `export const storefrontPiece = 'storefront';
`,
  [join(adminDir, 'uses-storefront.ts')]:
    `import { buttonClass } from '../../components/ui/button.tsx';
import { storefrontPiece } from '../../features/content/${planted}/storefront-piece.ts';

export const fromAdmin = [buttonClass('primary'), storefrontPiece];
`,
  [join(featureDir, 'uses-admin.ts')]:
    `import { adminPiece } from '../../../admin/${planted}/admin-piece.ts';

export const fromFeature = adminPiece;
`,
  [join(appDir, 'uses-admin.ts')]:
    `import { adminPiece } from '../../admin/${planted}/admin-piece.ts';

export const fromRoute = adminPiece;
`,
};

let results: Map<string, ESLint.LintResult>;

/** The [rule, line] of each lint problem in one planted file. */
function problems(file: string): [string | null, number][] {
  const result = results.get(file);
  if (!result) throw new Error(`${file} was not linted`);
  return result.messages.map((m) => [m.ruleId, m.line]);
}

beforeAll(async () => {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const eslint = new ESLint({ cwd: root });
  const linted = await eslint.lintFiles(Object.keys(files));
  results = new Map(linted.map((result) => [result.filePath, result]));
}, 180_000);

afterAll(() => {
  for (const dir of [cycleDir, adminDir, featureDir, appDir]) {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('eslint.config.js', () => {
  it('finds a cycle between two .ts files (import-x/no-cycle follows .ts imports)', () => {
    expect(problems(join(cycleDir, 'first.ts'))).toEqual([['import-x/no-cycle', 1]]);
    expect(problems(join(cycleDir, 'second.ts'))).toEqual([['import-x/no-cycle', 1]]);
  });

  it('refuses the admin an import of a storefront feature, and allows it shared components', () => {
    expect(problems(join(adminDir, 'uses-storefront.ts'))).toEqual([
      ['import-x/no-restricted-paths', 2],
    ]);
  });

  it('refuses a storefront feature and a storefront route an import of the admin', () => {
    expect(problems(join(featureDir, 'uses-admin.ts'))).toEqual([
      ['import-x/no-restricted-paths', 1],
    ]);
    expect(problems(join(appDir, 'uses-admin.ts'))).toEqual([['import-x/no-restricted-paths', 1]]);
  });
});
