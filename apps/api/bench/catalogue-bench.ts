/**
 * The catalogue section of npm run bench: seeds 10,000 products into a fresh database, starts the
 * real server in its own process and measures catalogue reads with autocannon beside a baseline
 * route of the same body size. Runs on PGlite, and on PostgreSQL when DATABASE_URL names a server.
 */
import autocannon from 'autocannon';
import { openDatabase, products } from '@shop/db';
import { BENCH_STORE_ID, seedBulkCatalogue } from './bulk-catalogue.ts';
import { PORT, startServer, type Target } from './bench-targets.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

async function prepare(target: Target): Promise<string> {
  const handle = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.pgliteDir });
  await handle.migrate();
  const started = performance.now();
  await seedBulkCatalogue(handle.db, PRODUCTS);
  console.log(
    `  seeded ${PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const [one] = await handle.db.select({ id: products.id }).from(products).limit(1).offset(4321);
  await handle.close();
  return one!.id;
}

async function measure(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function run(target: Target) {
  console.log(`\n## ${target.name}`);
  const productId = await prepare(target);
  const { ready, stop } = startServer(target, { STORE_ID: BENCH_STORE_ID });
  try {
    await ready;
    const base = `http://127.0.0.1:${PORT}/api`;
    const list = `${base}/grouped-product/search-all-products/${BENCH_STORE_ID}`;
    const routes: [string, string][] = [
      ['listing page 1', `${list}?page=1&limit=10`],
      ['listing page 900', `${list}?page=900&limit=10`],
      ['search "carbon skates"', `${list}?search=carbon%20skates&page=1&limit=10`],
      ['category hoodies', `${list}?category=hoodies&page=1&limit=10`],
      ['single product', `${base}/grouped-product/single/${productId}`],
    ];
    const size = (await (await fetch(routes[0]![1])).text()).length;
    const baseline = await measure(`http://127.0.0.1:${PORT}/bench/baseline?bytes=${size}`);
    console.log(`\n| route | req/s | p50 ms | p99 ms | vs baseline |`);
    console.log(`|---|---:|---:|---:|---:|`);
    const row = (name: string, r: { rps: number; p50: number; p99: number }) =>
      console.log(
        `| ${name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${((r.rps / baseline.rps) * 100).toFixed(0)}% |`,
      );
    row(`baseline (${size} B precomputed)`, baseline);
    for (const [name, url] of routes) row(name, await measure(url));
  } finally {
    await stop();
    await target.cleanup();
  }
}

/** The catalogue section: PGlite, then PostgreSQL when `adminUrl` is given. */
export async function runCatalogueBench(targets: {
  pglite: () => Target;
  postgres?: () => Promise<Target>;
}): Promise<void> {
  console.log(
    `# Catalogue benchmark: ${PRODUCTS} products, autocannon ${CONNECTIONS} connections x ${DURATION} s per route`,
  );
  await run(targets.pglite());
  if (targets.postgres) await run(await targets.postgres());
  else console.log('\n(PostgreSQL skipped: set DATABASE_URL to an admin connection to include it)');
}
