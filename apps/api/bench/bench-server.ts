/**
 * The benchmark's server process: the real app on the given database, plus a baseline route that
 * answers a precomputed JSON body of the same size as a listing page.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@shop/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';

const database = openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATABASE_URL ? undefined : process.env.BENCH_PGLITE_DIR,
  poolSize: 20,
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
const { app } = await buildApp({
  database,
  config: {
    ...loadConfig({}),
    STORE_ID: 'bench',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    CATALOGUE_CACHE_CHECK_MS: 1000,
  },
});
const baselines = new Map<number, string>();
app.get<{ Querystring: { bytes?: string } }>('/bench/baseline', (req, reply) => {
  const bytes = Number(req.query.bytes ?? 20_000);
  let body = baselines.get(bytes);
  if (!body) {
    body = JSON.stringify({ isError: false, data: 'x'.repeat(Math.max(0, bytes - 30)) });
    baselines.set(bytes, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
