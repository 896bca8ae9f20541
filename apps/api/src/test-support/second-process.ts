import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, stores } from '@shop/db';
import { buildApp, type App } from '../app.ts';
import type { AppConfig } from '../app-config.ts';
import { loadConfig } from '../config/config.ts';
import { MAIN } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/**
 * A second API process on the same PostgreSQL database as `first` (a test app started on the
 * PostgreSQL target): its own pool and caches, as a second server behind the load balancer.
 * `config` adds to the defaults (AUTH_SECRET: pass the first's when both must read the same
 * tokens or sealed secrets).
 */
export async function startSecondProcess(
  first: TestApp,
  config: Partial<AppConfig>,
): Promise<{ app: App['app']; close: () => Promise<void> }> {
  const [row] = await first.database.db
    .select({ name: sql<string>`current_database()` })
    .from(stores)
    .limit(1);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const database = openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  const second = await buildApp({
    database,
    config: {
      ...loadConfig({}),
      STORE_ID: MAIN,
      DATA_DIR: first.dataDir,
      WEB_DIST_DIR: path.join(first.dataDir, 'no-web-build'),
      ...config,
    },
    adapters: { paymentWebhooks: null },
  });
  await second.app.ready();
  return {
    app: second.app,
    close: async () => {
      await second.app.close();
      await database.close();
    },
  };
}
