/**
 * npm run bench: the catalogue section (PGlite, and PostgreSQL when DATABASE_URL names a server),
 * the orders section and the load mix (both PostgreSQL only), the catalogue import (PGlite, and
 * PostgreSQL with DATABASE_URL), the payment gateway's adapter (no database). `BENCH=catalogue`,
 * `BENCH=orders`, `BENCH=mix`, `BENCH=import` or `BENCH=gateway` runs one of them.
 * Each section creates a fresh database on the server and drops it afterwards.
 * `BENCH=orders BENCH_AGAINST=<git ref>` runs the orders section here and at <ref> in turns and
 * compares them (bench-against.ts).
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { runAgainst } from './bench-against.ts';
import { runCatalogueBench } from './catalogue-bench.ts';
import { runGatewayBench } from './gateway-bench.ts';
import { runImportBench } from './import-bench.ts';
import { pgliteTarget, postgresTarget } from './bench-targets.ts';
import { runMixBench } from './mix-bench.ts';
import { runOrdersBench } from './orders-bench.ts';

const section = process.env.BENCH ?? 'all';
if (!['all', 'catalogue', 'orders', 'mix', 'import', 'gateway'].includes(section)) {
  throw new Error(`BENCH must be catalogue, orders, mix, import, gateway or all (got ${section})`);
}
const adminUrl = process.env.DATABASE_URL;
// Figures belong to a runtime (decision 0046: Node 24 spends a third less CPU than 20): say which.
console.log(
  `Node.js ${process.versions.node} (the shop's: ${readFileSync(new URL('../../../.nvmrc', import.meta.url), 'utf8').trim()}), ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
);

const against = process.env.BENCH_AGAINST;
if (against) {
  if (section !== 'orders' || !adminUrl) {
    throw new Error('BENCH_AGAINST compares the orders section: set BENCH=orders and DATABASE_URL');
  }
  await runAgainst(against);
} else {
  await runSections();
}

async function runSections() {
  if (section === 'all' || section === 'catalogue') {
    await runCatalogueBench({
      pglite: pgliteTarget,
      ...(adminUrl && { postgres: () => postgresTarget(adminUrl) }),
    });
  }
  if (section === 'all' || section === 'orders') {
    if (adminUrl) await runOrdersBench(await postgresTarget(adminUrl));
    else
      console.log('\n(Orders skipped: they run on PostgreSQL; set DATABASE_URL to include them)');
  }
  if (section === 'all' || section === 'mix') {
    if (adminUrl) await runMixBench(await postgresTarget(adminUrl));
    else console.log('\n(Load mix skipped: it runs on PostgreSQL; set DATABASE_URL to include it)');
  }
  if (section === 'all' || section === 'import') await runImportBench(adminUrl);
  if (section === 'all' || section === 'gateway') await runGatewayBench();
}
