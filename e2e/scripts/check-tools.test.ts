import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTools, NODE_WANTED, nodeProblem } from './check-tools.js';

const script = path.join(import.meta.dirname, 'check-tools.js');
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'check-tools-'));

/** The command line: with a PATH of `dir` only, so no apt-get and no install. */
const run = (args: string[], env: Record<string, string>) => {
  const started = Date.now();
  const result = spawnSync(process.execPath, [script, ...args], {
    env: { PATH: tempDir(), ...env },
    encoding: 'utf8',
  });
  return { ...result, ms: Date.now() - started };
};

/** An executable shell script at `file` that prints `output`. */
function fakeTool(file: string, output = '') {
  writeFileSync(file, `#!/bin/sh\necho '${output}'\n`);
  chmodSync(file, 0o755);
  return file;
}

/** checkTools with its output and commands captured. */
function check(o: Parameters<typeof checkTools>[0] & { install?: (args: string[]) => void }) {
  const said: string[] = [];
  const shouted: string[] = [];
  const commands: string[][] = [];
  const code = checkTools({
    say: (line) => said.push(line),
    shout: (text) => shouted.push(text),
    run: (_file, args) => {
      commands.push(args);
      o.install?.(args);
      return 0;
    },
    ...o,
  });
  return { code, said: said.join('\n'), shouted: shouted.join('\n'), commands };
}

describe('check-tools', () => {
  it("stops on a Node.js older than .nvmrc's major, saying how to get it", () => {
    expect(NODE_WANTED).toMatch(/^\d+\.\d+\.\d+$/);
    expect(nodeProblem('20.20.2', '24.21.0')).toBe(
      'Node.js 20.20.2 is older than the 24 the shop runs on (.nvmrc: 24.21.0).\n' +
        'Install it (nvm install, which reads .nvmrc), or run bash .ci/run, which fetches it.',
    );
    expect(nodeProblem('24.0.0', '24.21.0')).toBeNull();
    expect(nodeProblem('26.1.0', '24.21.0')).toBeNull();
    // The tests themselves run on it (CI puts it first on PATH).
    expect(nodeProblem()).toBeNull();
  });

  it('stops at once with the install command and the CHROMIUM_PATH alternative', () => {
    const missing = path.join(tmpdir(), 'no-such-dir', 'chromium');
    const result = run(['chromium'], { CHROMIUM_PATH: missing });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`CHROMIUM_PATH=${missing} does not exist`);
    expect(result.stderr).toContain('apt-get install -y chromium');
    expect(result.stderr).toContain('CHROMIUM_PATH=/path/to/chromium npm test');
    expect(result.stdout).toBe('');
    expect(result.ms).toBeLessThan(5_000);
  });

  it('names every missing tool in one command: chromium, haproxy, postgresql-client', () => {
    const nowhere = path.join(tmpdir(), 'no-such-dir');
    const result = run([], {
      CHROMIUM_PATH: path.join(nowhere, 'chromium'),
      HAPROXY: path.join(nowhere, 'haproxy'),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`HAPROXY=${nowhere}/haproxy does not exist`);
    expect(result.stderr).toContain('pg_dump is not on PATH');
    expect(result.stderr).toMatch(/apt-get install -y chromium haproxy postgresql-client\n/);
  });

  it('refuses a file that cannot be executed, and a pg_dump older than the tests’ server', () => {
    const dir = tempDir();
    const file = path.join(dir, 'chromium');
    writeFileSync(file, '', { mode: 0o644 });
    expect(run(['chromium'], { CHROMIUM_PATH: file }).stderr).toContain('is not executable');

    fakeTool(path.join(dir, 'pg_dump'), 'pg_dump (PostgreSQL) 13.16');
    fakeTool(path.join(dir, 'pg_restore'), 'pg_restore (PostgreSQL) 13.16');
    const old = run(['pg_dump'], { PATH: dir });
    expect(old.status).toBe(1);
    expect(old.stderr).toContain('is PostgreSQL 13');
  });

  it('passes quietly when every tool is there', () => {
    const dir = tempDir();
    fakeTool(path.join(dir, 'pg_dump'), 'pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)');
    fakeTool(path.join(dir, 'pg_restore'), 'pg_restore (PostgreSQL) 17.2');
    const result = run([], {
      PATH: dir,
      CHROMIUM_PATH: process.execPath,
      HAPROXY: process.execPath,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('as root with apt-get: installs the missing package itself, saying so', () => {
    const dir = tempDir();
    const haproxy = path.join(dir, 'haproxy');
    const { code, said, shouted, commands } = check({
      names: ['haproxy'],
      env: { HAPROXY: haproxy },
      isRoot: true,
      aptGet: '/usr/bin/apt-get',
      install: (args) => {
        if (args[0] === 'install') fakeTool(haproxy);
      },
    });
    expect(commands).toEqual([
      ['update', '-qq'],
      ['install', '-y', '-qq', 'haproxy'],
    ]);
    expect(said).toContain("installing Debian's haproxy");
    expect(shouted).toBe('');
    expect(code).toBe(0);
  });

  it('as root, stops when the install did not bring the tool; without root, installs nothing', () => {
    const missing = { HAPROXY: path.join(tmpdir(), 'no-such-dir', 'haproxy') };
    const root = check({ names: ['haproxy'], env: missing, isRoot: true, aptGet: '/x/apt-get' });
    expect(root.code).toBe(1);
    expect(root.shouted).toContain('apt-get install -y haproxy');

    const user = check({ names: ['haproxy'], env: missing, isRoot: false, aptGet: '/x/apt-get' });
    expect(user.commands).toEqual([]);
    expect(user.code).toBe(1);
    expect(user.shouted).toContain('sudo apt-get install -y haproxy');
  });
});
