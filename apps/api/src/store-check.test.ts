import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config/config.ts';
import { missingStoresProblem } from './store-check.ts';
import { startServerProcess } from './test-support/server-process.ts';

const existing =
  (...ids: string[]) =>
  (id: string) =>
    Promise.resolve(ids.includes(id));

describe('a store the server would serve and the database lacks', () => {
  it('is no problem when every store exists', async () => {
    const config = loadConfig({
      SEED_DEMO: 'false',
      STORE_ID: 'myshop',
      STORE_HOSTS: 'threadline=team.example.in',
    });
    expect(await missingStoresProblem(config, existing('myshop', 'threadline'))).toBeNull();
  });

  it('names the missing store and the command that makes it', async () => {
    const problem = await missingStoresProblem(
      loadConfig({ SEED_DEMO: 'false', STORE_ID: 'myshop' }),
      existing(),
    );
    expect(problem).toContain('the database has no store myshop (STORE_ID)');
    expect(problem).toContain(
      `npm run admin:create -- --store myshop --email <owner's email> --name "<shop name>"`,
    );
    expect(problem).toContain('or set ADMIN_EMAIL and ADMIN_PASSWORD');
  });

  it('names each missing store of STORE_HOSTS', async () => {
    const problem = await missingStoresProblem(
      loadConfig({
        SEED_DEMO: 'false',
        STORE_ID: 'myshop',
        STORE_HOSTS: 'myshop=shop.example.in,team=team.example.in,kids=kids.example.in',
        ADMIN_EMAIL: 'owner@shop.example.in',
        ADMIN_PASSWORD: 'a long owner password 1',
      }),
      existing('myshop'),
    );
    expect(problem).toContain('no store team (in STORE_HOSTS), kids (in STORE_HOSTS)');
    expect(problem).toContain('npm run admin:create -- --store team');
    expect(problem).toContain('npm run admin:create -- --store kids');
    // ADMIN_EMAIL makes STORE_ID's store only: it is no fix for these.
    expect(problem).not.toContain('ADMIN_EMAIL');
  });
});

describe('npm run serve of a real shop (SEED_DEMO=false)', () => {
  const serve = async (env: Record<string, string>) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-store-check-'));
    const server = startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      STORE_HOSTS: '',
      LOG_LEVEL: 'warn',
      ...env,
    });
    const timeout = setTimeout(() => server.child.kill('SIGKILL'), 120_000);
    try {
      return { code: await server.exited, output: server.output() };
    } finally {
      clearTimeout(timeout);
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('refuses to start for a STORE_ID the database does not have, naming the fix', async () => {
    const { code, output } = await serve({ STORE_ID: 'myshop' });
    expect(code, output).toBe(1);
    expect(output).toContain('Refusing to start: the database has no store myshop (STORE_ID)');
    expect(output).toContain('npm run admin:create -- --store myshop');
  }, 150_000);

  it('refuses a malformed STORE_HOSTS, naming it', async () => {
    const { code, output } = await serve({ STORE_HOSTS: 'shop.example.in' });
    expect(code, output).not.toBe(0);
    expect(output).toContain('STORE_HOSTS: "shop.example.in" is not store=host');
  }, 150_000);
});
