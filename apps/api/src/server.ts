import path from 'node:path';
import { openDatabase, seedDemoStores } from '@shop/db';
import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { LOG_REDACTIONS } from './lib/log-redactions.ts';

const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
});
await database.migrate();
if (config.SEED_DEMO) {
  const { seededStores } = await seedDemoStores(database.db, {
    uploadsDir: path.join(config.DATA_DIR, 'uploads'),
  });
  if (seededStores.length > 0) console.log(`Seeded demo stores: ${seededStores.join(', ')}`);
}

const { app } = await buildApp({
  database,
  config,
  logger: { level: config.LOG_LEVEL, redact: LOG_REDACTIONS },
});

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  `Shop and API at http://localhost:${config.PORT} (store ${config.STORE_ID}, ${database.driver})`,
);
