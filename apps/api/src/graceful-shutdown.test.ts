import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { shutDownGracefully } from './graceful-shutdown.ts';
import { startServerProcess } from './test-support/server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server with a route that takes `ms` to answer, listening on a free port. */
async function slowServer(): Promise<{ app: FastifyInstance; url: string; started: () => number }> {
  const app = Fastify();
  let running = 0;
  app.get('/slow', async (req) => {
    running++;
    const ms = Number((req.query as { ms?: string }).ms ?? 300);
    await sleep(ms);
    return { done: true };
  });
  app.get('/quick', () => ({ quick: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, started: () => running };
}

describe('shutDownGracefully', () => {
  let released = 0;
  afterEach(() => {
    released = 0;
  });

  it('lets a running request finish, refuses new ones, then releases', async () => {
    const { app, url, started } = await slowServer();
    const running = fetch(`${url}/slow?ms=400`).then(async (r) => [r.status, await r.json()]);
    while (started() === 0) await sleep(5);
    const stopping = shutDownGracefully(app, {
      timeoutMs: 5000,
      release: () => {
        released++;
        return Promise.resolve();
      },
    });
    await sleep(50);
    await expect(fetch(`${url}/quick`)).rejects.toThrow();
    expect(await running).toEqual([200, { done: true }]);
    expect(await stopping).toBe(true);
    expect(released).toBe(1);
  });

  it('cuts a request that outlives the timeout and says so', async () => {
    const { app, url, started } = await slowServer();
    const running = fetch(`${url}/slow?ms=5000`).then(
      (r) => r.status,
      () => 'cut',
    );
    while (started() === 0) await sleep(5);
    const t0 = Date.now();
    const inTime = await shutDownGracefully(app, {
      timeoutMs: 200,
      release: () => {
        released++;
        return Promise.resolve();
      },
    });
    expect(inTime).toBe(false);
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(await running).toBe('cut');
    expect(released).toBe(1);
  });
});

describe('the server process', () => {
  it('starts, is ready, and on SIGTERM exits 0 after closing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-shutdown-'));
    const server = startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      // A real shop starts only with its store (made here from ADMIN_EMAIL; decision 0051).
      ADMIN_EMAIL: 'owner@shutdown.example',
      ADMIN_PASSWORD: 'a long owner password 1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
    });
    try {
      let ready = false;
      for (let i = 0; i < 600 && !ready; i++) {
        ready = await server.ready();
        if (!ready) await sleep(100);
      }
      expect(ready, server.output()).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
