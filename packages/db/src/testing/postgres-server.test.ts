import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, testPostgres } from './postgres-server.ts';

const serverModule = new URL('./postgres-server.ts', import.meta.url).pathname;

async function query(url: string, sql: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await c.connect();
  try {
    return (await c.query<Record<string, string>>(sql)).rows[0]!;
  } finally {
    await c.end();
  }
}

const refused = (url: string) =>
  query(url, 'select 1').then(
    () => 'answered',
    (err: NodeJS.ErrnoException) => err.code,
  );

/** A process that starts a server, prints it, then ends as `how` says. */
function childWithServer(how: 'wait' | 'exit') {
  const script = `
    import { startEmbeddedPostgres } from ${JSON.stringify(serverModule)};
    const s = await startEmbeddedPostgres();
    console.log(JSON.stringify({ url: s.url, dir: s.dir }));
    if (${JSON.stringify(how)} === 'exit') process.exit(3);
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = new Promise<{ url: string; dir: string }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(JSON.parse(out) as { url: string; dir: string });
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before starting`)));
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, started, exited };
}

describe('the tests’ PostgreSQL', () => {
  it('uses the server TEST_DATABASE_URL names, starting none', async () => {
    const url = 'postgres://someone@127.0.0.1:1/postgres';
    const server = await testPostgres({ TEST_DATABASE_URL: url });
    expect(server).toEqual({ url, own: false, stop: expect.any(Function) });
    await server.stop();
  });

  it('starts its own PostgreSQL 15 on a loopback port, and stop() removes it and its data', async () => {
    const server = await startEmbeddedPostgres();
    const url = new URL(server.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.port).not.toBe('5432');
    const row = await query(
      server.url,
      "select current_setting('server_version_num') v, current_setting('listen_addresses') l",
    );
    expect(row.v).toMatch(/^15/);
    expect(row.l).toBe('127.0.0.1');
    // An admin connection: the tests create their databases on it.
    await query(server.url, 'create database made_by_a_test');
    expect(statSync(server.dir!).isDirectory()).toBe(true);

    await server.stop();
    expect(existsSync(server.dir!)).toBe(false);
    expect(await refused(server.url)).toBe('ECONNREFUSED');
  });

  it('is stopped and removed when its process is interrupted (Ctrl-C)', async () => {
    const { child, started, exited } = childWithServer('wait');
    const { url, dir } = await started;
    expect(await query(url, 'select 1 as one')).toEqual({ one: 1 });
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(existsSync(dir)).toBe(false);
    expect(await refused(url)).toBe('ECONNREFUSED');
  });

  it('is stopped and removed when its process exits without stopping it (a failed run)', async () => {
    const { started, exited } = childWithServer('exit');
    const { url, dir } = await started;
    expect(await exited).toBe(3);
    expect(existsSync(dir)).toBe(false);
    expect(await refused(url)).toBe('ECONNREFUSED');
  });
});
