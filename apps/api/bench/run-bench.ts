/**
 * npm run bench: the catalogue section (PGlite, and PostgreSQL when DATABASE_URL names a server)
 * and the orders section (PostgreSQL only). `BENCH=catalogue` or `BENCH=orders` runs one of them.
 * Each section creates a fresh database on the server and drops it afterwards.
 */
import { runCatalogueBench } from './catalogue-bench.ts';
import { pgliteTarget, postgresTarget } from './bench-targets.ts';
import { runOrdersBench } from './orders-bench.ts';

const section = process.env.BENCH ?? 'all';
if (!['all', 'catalogue', 'orders'].includes(section)) {
  throw new Error(`BENCH must be catalogue, orders or all (got ${section})`);
}
const adminUrl = process.env.DATABASE_URL;

if (section !== 'orders') {
  await runCatalogueBench({
    pglite: pgliteTarget,
    ...(adminUrl && { postgres: () => postgresTarget(adminUrl) }),
  });
}
if (section !== 'catalogue') {
  if (adminUrl) await runOrdersBench(await postgresTarget(adminUrl));
  else console.log('\n(Orders skipped: they run on PostgreSQL; set DATABASE_URL to include them)');
}
