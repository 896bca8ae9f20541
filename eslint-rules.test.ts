import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { schema } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crossings,
  infrastructureTables,
  tableOwners,
} from './apps/api/src/modules/table-owners.js';

/**
 * The lint rules that guard the code's shape, tried on files planted inside the repo (so this
 * repo's eslint.config.js applies to them) and removed afterwards. The planted files sit in the
 * web app and in one API module (coupons).
 */
const root = import.meta.dirname;
const planted = `lint-planted-${process.pid}`;
const web = join(root, 'apps/web/src');
const cycleDir = join(web, 'lib', planted);
const adminDir = join(web, 'admin', planted);
const featureDir = join(web, 'features/content', planted);
const appDir = join(web, 'app', planted);
const apiModules = join(root, 'apps/api/src/modules');
const couponsDir = join(apiModules, 'coupons', planted);

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
  [join(couponsDir, 'uses-own-table.ts')]: `import { couponRedemptions, coupons } from '@shop/db';

export const own = [coupons, couponRedemptions];
`,
  [join(couponsDir, 'uses-orders-table.ts')]: `import { coupons, orders } from '@shop/db';

export const crossing = [coupons, orders];
`,
  [join(couponsDir, 'uses-orders-service.ts')]:
    `import type { OrdersService } from '../../orders/orders-service.ts';
import type { PaymentsService } from '../../payments/index.ts';

export type Both = [OrdersService, PaymentsService];
`,
  [join(couponsDir, 'uses-orders-repository.ts')]:
    `import type { OrdersRepository } from '../../orders/orders-repository.ts';
import { placeStatement } from '../../orders/place-statement.ts';

export const inside: [OrdersRepository | null, typeof placeStatement] = [null, placeStatement];
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
  for (const dir of [cycleDir, adminDir, featureDir, appDir, couponsDir]) {
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

  it("refuses an API module another module's table from @shop/db, and allows its own", () => {
    expect(problems(join(couponsDir, 'uses-own-table.ts'))).toEqual([]);
    expect(problems(join(couponsDir, 'uses-orders-table.ts'))).toEqual([
      ['no-restricted-imports', 1],
    ]);
  });

  it("refuses an API module another module's repository and insides, and allows its services", () => {
    expect(problems(join(couponsDir, 'uses-orders-service.ts'))).toEqual([]);
    expect(problems(join(couponsDir, 'uses-orders-repository.ts'))).toEqual([
      ['import-x/no-restricted-paths', 1],
      ['import-x/no-restricted-paths', 2],
    ]);
  });
});

describe('table-owners.js', () => {
  const tables = Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name]) => name);
  const modules = readdirSync(apiModules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const owned = [...Object.values(tableOwners).flat(), ...Object.keys(infrastructureTables)];

  it('gives every table of the schema exactly one owner, and names no other', () => {
    expect(tables.length).toBeGreaterThan(0);
    expect([...owned].sort()).toEqual([...tables].sort());
  });

  it('names only module folders, and only real tables in its crossings', () => {
    expect(Object.keys(tableOwners).filter((m) => !modules.includes(m))).toEqual([]);
    expect(Object.keys(crossings).filter((m) => !modules.includes(m))).toEqual([]);
    for (const [m, list] of Object.entries(crossings)) {
      for (const crossing of list) {
        expect(crossing.tables.filter((t) => !tables.includes(t))).toEqual([]);
        // A module never declares a crossing into its own table.
        expect(crossing.tables.filter((t) => tableOwners[m]?.includes(t))).toEqual([]);
      }
    }
  });

  it('keys tables by their schema export, one per SQL table', () => {
    const sqlNames = tables.map((t) => getTableName(schema[t as keyof typeof schema] as PgTable));
    expect(new Set(sqlNames).size).toBe(tables.length);
  });
});
