import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { MAIN_STORE_ID, QUOTE_STORE_ID, openDatabase, seedDemoStores } from '@shop/db';
import { buildApp } from './app.ts';
import { createMediaStore, seedMediaOptions } from './adapters/media-store.ts';
import { lockDataDir } from './backup/data-dir-lock.ts';
import { loadConfig, missingSharedSecrets, type Config } from './config/config.ts';
import { shutDownGracefully } from './graceful-shutdown.ts';
import { NotFound } from './lib/errors.ts';
import { LOG_REDACTIONS } from './lib/log-redactions.ts';
import { createStoreOwner, writeDemoOwnerLogins } from './modules/accounts/owner-bootstrap.ts';
import { missingStoresProblem } from './store-check.ts';
import { superviseWorkers } from './supervise-workers.ts';
import { workerCount } from './worker-count.ts';

const config = loadConfig();
// Several processes (CLUSTER=true or a bucket) must share every secret: none is generated on
// one machine's disk.
const missing = missingSharedSecrets(config);
if (missing.length > 0) {
  console.error(
    `Refusing to start: with DATABASE_URL and ${config.CLUSTER ? 'CLUSTER=true' : 'S3_BUCKET'} every process must share its secrets, so set ${missing.join(', ')} (a generated one lives on one machine's disk only).`,
  );
  process.exit(1);
}

/**
 * Opens the database and builds the app. `prepare`: first migrates, seeds the demo and makes
 * the owner, which happens once per start (in the one process, or in the primary before it
 * starts the workers).
 */
async function openShop(c: Config, prepare: boolean) {
  // The embedded database is this process's alone while it runs (backups check this).
  const releaseDataDir = c.DATABASE_URL ? () => {} : lockDataDir(c.DATA_DIR);
  const database = openDatabase({
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATABASE_URL ? undefined : path.join(c.DATA_DIR, 'pglite'),
    poolSize: c.DATABASE_POOL_SIZE,
  });
  if (prepare) {
    await database.migrate();
    if (c.SEED_DEMO) {
      const { seededStores } = await seedDemoStores(
        database.db,
        seedMediaOptions(createMediaStore(c), path.join(c.DATA_DIR, 'uploads')),
      );
      if (seededStores.length > 0) console.log(`Seeded demo stores: ${seededStores.join(', ')}`);
    }
  }
  const { app, services } = await buildApp({
    database,
    config: c,
    logger: { level: c.LOG_LEVEL, redact: LOG_REDACTIONS },
  });
  const release = async () => {
    await database.close();
    releaseDataDir();
  };
  if (prepare) {
    await makeOwner(c, app.log, services.accounts);
    // A store this server would serve and the database lacks: refused, naming the fix.
    const problem = await missingStoresProblem(c, (storeId) =>
      services.accounts.requireStore(storeId).then(
        () => true,
        (err: unknown) => {
          if (err instanceof NotFound) return false;
          throw err;
        },
      ),
    );
    if (problem) {
      console.error(problem);
      await app.close();
      await release();
      process.exit(1);
    }
  }
  return { app, database, release };
}

type Built = Awaited<ReturnType<typeof buildApp>>;

async function makeOwner(
  c: Config,
  log: Built['app']['log'],
  accounts: Built['services']['accounts'],
) {
  if (c.ADMIN_EMAIL && c.ADMIN_PASSWORD) {
    // A real shop's first start (SEED_DEMO=false): the store is made here, named by its id until
    // the owner names it in Admin → Settings.
    const { storeCreated, outcome } = await createStoreOwner(accounts, {
      storeId: c.STORE_ID,
      storeName: c.STORE_ID,
      email: c.ADMIN_EMAIL,
      password: c.ADMIN_PASSWORD,
    });
    if (storeCreated) log.info(`Created the store ${c.STORE_ID}; set it up at /admin`);
    if (outcome !== 'exists') log.info(`ADMIN_EMAIL is now the owner of ${c.STORE_ID}`);
  } else if (c.SEED_DEMO) {
    // A demo shop without an owner: a generated login per demo store, in a file only we can read.
    const written = await writeDemoOwnerLogins(
      accounts,
      [MAIN_STORE_ID, QUOTE_STORE_ID],
      path.join(c.DATA_DIR, 'secrets'),
      `${c.PUBLIC_URL}/admin`,
    );
    for (const { storeId, file } of written) {
      log.info(`The owner sign-in of ${storeId} (generated) is in ${file}`);
    }
  }
}

type OpenShop = Awaited<ReturnType<typeof openShop>>;

/** Serves until SIGINT or SIGTERM, then finishes running requests and exits. */
async function listen({ app, database, release }: OpenShop, c: Config) {
  let closing = false;
  const shutdown = async (signal: string) => {
    // Ctrl-C reaches a worker twice: from the terminal and from the primary.
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, finishing running requests`);
    const inTime = await shutDownGracefully(app, {
      timeoutMs: c.SHUTDOWN_TIMEOUT_SECONDS * 1000,
      release,
    });
    app.log.info(inTime ? 'shut down' : 'shut down, some requests cut');
    process.exit(inTime ? 0 : 1);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: c.PORT, host: c.HOST });
  app.log.info(
    `Shop and API at http://localhost:${c.PORT} (store ${c.STORE_ID}${c.STORE_HOSTS ? `, by host: ${c.STORE_HOSTS.map((h) => `${h.host} → ${h.storeId}`).join(', ')}` : ''}, ${database.driver})`,
  );
}

if (cluster.isWorker) {
  await listen(await openShop(config, false), config);
} else {
  // The shop is prepared once; with several processes the primary then hands the port to them.
  const shop = await openShop(config, true);
  const { workers, capped } = workerCount({
    requested: config.WEB_CONCURRENCY,
    cores: availableParallelism(),
    embedded: !config.DATABASE_URL,
    maxConnections: (await shop.database.maxConnections?.()) ?? 0,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  if (capped) shop.app.log.warn(`${workers} API process${workers > 1 ? 'es' : ''}: ${capped}`);
  if (workers === 1) {
    await listen(shop, config);
  } else {
    await shop.app.close();
    await shop.release();
    superviseWorkers(workers, shop.app.log, config.SHUTDOWN_TIMEOUT_SECONDS * 1000);
  }
}
