import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresTestTarget } from '@shop/db/testing';
import { startServerProcess } from './test-support/server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The pids of a process's API workers: its children that run server.ts. Not every child: with a
 * cold transform cache tsx starts esbuild's service as a child too (CI once counted three).
 */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-f', 'server\\.ts'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there are none
  }
}

async function until(check: () => boolean | Promise<boolean>, what: string, output: () => string) {
  for (let i = 0; i < 1500; i++) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`Timed out waiting for ${what}\n${output()}`);
}

describe('npm run serve with WEB_CONCURRENCY=2 on PostgreSQL', () => {
  it('prepares the shop once, serves from two processes, replaces one that dies, and stops cleanly', async () => {
    const database = await postgresTestTarget().open();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-workers-'));
    const server = startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url!,
      DATABASE_POOL_SIZE: '3',
      WEB_CONCURRENCY: '2',
      SEED_DEMO: 'false',
      STORE_ID: 'workershop',
      ADMIN_EMAIL: 'owner@workers.example',
      ADMIN_PASSWORD: 'a long owner password 1',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
    });
    const primary = server.child;
    const log = () =>
      `workers now: ${JSON.stringify(childrenOf(primary.pid!))}\n${server.output()}`;
    const { exited, ready } = server;
    try {
      await until(ready, 'the shop to be ready', log);
      await until(() => childrenOf(primary.pid!).length === 2, 'two API processes', log);
      // Prepared once: one store made, by the primary (the workers only serve).
      expect(server.output().match(/Created the store workershop/g), log()).toHaveLength(1);
      const first = childrenOf(primary.pid!);

      process.kill(first[0]!, 'SIGKILL');
      await until(
        () => {
          const now = childrenOf(primary.pid!);
          return now.length === 2 && !now.includes(first[0]!);
        },
        'a new API process in place of the killed one',
        log,
      );
      // The primary logs before it forks, but this process reads its pipe on its own event loop
      // (pgrep above runs synchronously): the line can arrive after the new worker is seen.
      await until(
        () =>
          server.output().includes(`API process ${first[0]} exited (SIGKILL); starting another`),
        'the primary to say which process died and that it starts another',
        log,
      );
      await until(ready, 'the shop to answer after the replacement', log);

      primary.kill('SIGTERM');
      expect(await exited, log()).toBe(0);
      expect(childrenOf(primary.pid!)).toEqual([]);
    } finally {
      primary.kill('SIGKILL');
      for (const pid of childrenOf(primary.pid!)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      await database.dispose();
    }
  }, 300_000);
});
