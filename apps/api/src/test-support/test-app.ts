import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@shop/db';
import { seedDemoStores } from '@shop/db';
import type { TestDatabaseTarget } from '@shop/db/testing';
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AdapterOverrides } from '../adapters/index.ts';
import { buildApp, type App, type AppConfig } from '../app.ts';
import { loadConfig } from '../config/config.ts';

export interface TestApp extends App {
  database: DatabaseHandle;
  dataDir: string;
  /** The app's own inject: resolves with the answer, before what the server does after it. */
  injectAnswerOnly(opts: InjectOptions | string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A real server instance (exercised with app.inject) on a fresh, migrated database of the given
 * target, seeded with the two demo stores unless `seed` is false.
 */
export async function startTestApp(
  target: TestDatabaseTarget,
  options: {
    seed?: boolean;
    config?: Partial<AppConfig>;
    onQuery?: (q: string) => void;
    adapters?: AdapterOverrides;
    /** PostgreSQL's connections (see TestDatabaseTarget.open). */
    poolSize?: number;
  } = {},
): Promise<TestApp> {
  const testDb = await target.open({
    ...(options.onQuery && { onQuery: options.onQuery }),
    ...(options.poolSize && { poolSize: options.poolSize }),
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-api-test-'));
  if (options.seed !== false) {
    await seedDemoStores(testDb.handle.db, { uploadsDir: path.join(dataDir, 'uploads') });
  }
  const built = await buildApp({
    database: testDb.handle,
    adapters: options.adapters ?? {},
    config: {
      ...loadConfig({}),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      STORE_ID: 'urbanroll',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      CATALOGUE_CACHE_CHECK_MS: 0,
      CATALOGUE_STOCK_STALE_MS: 0,
      ...options.config,
    },
  });
  await built.app.ready();
  // What the server does after an answer (order emails) is done before a test reads the answer,
  // so a test sees the same state as a shopper a moment later.
  const inject = built.app.inject.bind(built.app) as (
    opts: InjectOptions | string,
  ) => Promise<LightMyRequestResponse>;
  const settledInject = async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    await built.afterAnswer.idle();
    return res;
  };
  Object.assign(built.app, { inject: settledInject });
  return {
    ...built,
    database: testDb.handle,
    dataDir,
    injectAnswerOnly: inject,
    async close() {
      await built.app.close();
      await testDb.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
