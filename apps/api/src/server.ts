import path from 'node:path';
import { MAIN_STORE_ID, QUOTE_STORE_ID, openDatabase, seedDemoStores } from '@shop/db';
import { buildApp } from './app.ts';
import { createMediaStore, seedMediaOptions } from './adapters/media-store.ts';
import { lockDataDir } from './backup/data-dir-lock.ts';
import { loadConfig, missingSharedSecrets } from './config/config.ts';
import { shutDownGracefully } from './graceful-shutdown.ts';
import { LOG_REDACTIONS } from './lib/log-redactions.ts';
import { createStoreOwner, writeDemoOwnerLogins } from './modules/accounts/owner-bootstrap.ts';

const config = loadConfig();
// Several processes (CLUSTER=true or a bucket) must share every secret: none is generated on
// one machine's disk (issue 32).
const missing = missingSharedSecrets(config);
if (missing.length > 0) {
  console.error(
    `Refusing to start: with DATABASE_URL and ${config.CLUSTER ? 'CLUSTER=true' : 'S3_BUCKET'} every process must share its secrets, so set ${missing.join(', ')} (a generated one lives on one machine's disk only).`,
  );
  process.exit(1);
}
// The embedded database is this process's alone while it runs (backups check this).
const releaseDataDir = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
});
await database.migrate();
if (config.SEED_DEMO) {
  const { seededStores } = await seedDemoStores(
    database.db,
    seedMediaOptions(createMediaStore(config), path.join(config.DATA_DIR, 'uploads')),
  );
  if (seededStores.length > 0) console.log(`Seeded demo stores: ${seededStores.join(', ')}`);
}

const { app, services } = await buildApp({
  database,
  config,
  logger: { level: config.LOG_LEVEL, redact: LOG_REDACTIONS },
});
if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
  // A real shop's first start (SEED_DEMO=false): the store is made here, named by its id until
  // the owner names it in Admin → Settings.
  const { storeCreated, outcome } = await createStoreOwner(services.accounts, {
    storeId: config.STORE_ID,
    storeName: config.STORE_ID,
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  if (storeCreated) app.log.info(`Created the store ${config.STORE_ID}; set it up at /admin`);
  if (outcome !== 'exists') app.log.info(`ADMIN_EMAIL is now the owner of ${config.STORE_ID}`);
} else if (config.SEED_DEMO) {
  // A demo shop without an owner: a generated login per demo store, in a file only we can read.
  const written = await writeDemoOwnerLogins(
    services.accounts,
    [MAIN_STORE_ID, QUOTE_STORE_ID],
    path.join(config.DATA_DIR, 'secrets'),
    `${config.PUBLIC_URL}/admin`,
  );
  for (const { storeId, file } of written) {
    app.log.info(`The owner sign-in of ${storeId} (generated) is in ${file}`);
  }
}

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, finishing running requests`);
  const inTime = await shutDownGracefully(app, {
    timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    release: async () => {
      await database.close();
      releaseDataDir();
    },
  });
  app.log.info(inTime ? 'shut down' : 'shut down, some requests cut');
  process.exit(inTime ? 0 : 1);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  `Shop and API at http://localhost:${config.PORT} (store ${config.STORE_ID}, ${database.driver})`,
);
