/**
 * The import section of npm run bench (BENCH=import): 1,000 products (750 Simple, 250 Variable
 * with 4 variations each, 2,000 CSV rows) sent to POST /api/admin/products/import over real
 * HTTP: the dry run, the import that creates them all, and the same file again (1,000 updates).
 * The goal: under a minute. PGlite, and PostgreSQL when DATABASE_URL names a server.
 */
import { testDatabaseTargets } from '@shop/db/testing';
import { SHOP_COLUMNS } from '../src/modules/product-import/product-csv.ts';
import { memberToken } from '../src/test-support/staff.ts';
import { startTestApp } from '../src/test-support/test-app.ts';
import { toCsv } from '../src/lib/csv.ts';

const PRODUCTS = Number(process.env.BENCH_IMPORT_PRODUCTS ?? 1000);
const GOAL_MS = 60_000;

/** A catalogue of our export format in the demo store's categories. */
export function benchCatalogueCsv(count: number, tag = 'BI'): string {
  const categories = ['t-shirts', 'hoodies', 'track-pants', 'inline-skates', 'protective-gear'];
  const rows: (string | number)[][] = [];
  const at = (cells: Partial<Record<(typeof SHOP_COLUMNS)[number], string | number>>) =>
    SHOP_COLUMNS.map((c) => cells[c] ?? '');
  for (let i = 0; i < count; i++) {
    const sku = `${tag}-${String(i)}`;
    const variable = i % 4 === 3;
    const sizes = ['S', 'M', 'L', 'XL'];
    rows.push(
      at({
        type: variable ? 'Variable Product' : 'Simple',
        sku,
        title: `Bench product ${String(i)}`,
        status: 'Active',
        category: categories[i % categories.length],
        categorytype: i % 10 === 0 ? 'Best Sellers' : '',
        mrp: 999 + (i % 500),
        sale_price: i % 3 === 0 ? 899 : 0,
        stock: 10 + (i % 50),
        image: `https://cdn.example/${sku}.webp`,
        short_description: 'A product of the import benchmark.',
        description: 'Long description. '.repeat(20),
        key_features: 'Soft | Durable | Made in India',
        specifications: JSON.stringify([{ label: 'Fabric', value: 'Cotton' }]),
        attributes: variable
          ? JSON.stringify([
              {
                name: 'Size',
                slug: 'size',
                selectedTerms: sizes.map((name, id) => ({ id, name })),
              },
            ])
          : '',
        delivery_days: 4,
        hsn_code: '6109',
        gst_rate: 5,
      }),
    );
    if (variable) {
      for (const size of sizes) {
        rows.push(
          at({
            type: 'Variation',
            sku: `${sku}-${size}`,
            parent_sku: sku,
            mrp: 1099,
            sale_price: 999,
            stock: 5,
            attributes: JSON.stringify({ Size: size }),
          }),
        );
      }
    }
  }
  return toCsv(SHOP_COLUMNS, rows);
}

async function runOn(target: ReturnType<typeof testDatabaseTargets>[number]) {
  const t = await startTestApp(target);
  try {
    const { token } = await memberToken(t, 'staff');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const csv = benchCatalogueCsv(PRODUCTS);
    const send = async (dryRun: boolean) => {
      const started = performance.now();
      const res = await fetch(`${address}/api/admin/products/import?dry_run=${String(dryRun)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      });
      const body = (await res.json()) as {
        data?: { create: number; update: number; errors: unknown[]; written: boolean };
      };
      const ms = performance.now() - started;
      if (res.status !== 200 || !body.data || body.data.errors.length > 0) {
        throw new Error(
          `import answered ${String(res.status)}: ${JSON.stringify(body).slice(0, 500)}`,
        );
      }
      return { ms, ...body.data };
    };
    console.log(
      `\n## ${target.name}: ${String(PRODUCTS)} products, ${(csv.length / 1024).toFixed(0)} KiB`,
    );
    console.log('\n| run | products | seconds | goal < 60 s |');
    console.log('|---|---:|---:|---|');
    for (const [name, dryRun] of [
      ['dry run', true],
      ['import (all new)', false],
      ['same file again (all updates)', false],
    ] as const) {
      const r = await send(dryRun);
      const n = r.create + r.update;
      console.log(
        `| ${name} | ${String(n)} (${String(r.create)} new) | ${(r.ms / 1000).toFixed(1)} | ${r.ms < GOAL_MS ? 'met' : 'NOT met'} |`,
      );
    }
  } finally {
    await t.close();
  }
}

export async function runImportBench(adminUrl: string | undefined) {
  console.log('\n# Catalogue import (issue 15)');
  for (const target of testDatabaseTargets({ TEST_DATABASE_URL: adminUrl })) await runOn(target);
}
