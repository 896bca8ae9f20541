/**
 * `BENCH=orders BENCH_AGAINST=<git ref>`: is placing slower than it was at <ref>? The orders bench
 * of this tree and of <ref> (a second worktree with its own `npm ci`), run in turns on the same
 * machine and PostgreSQL (BENCH_AGAINST_ROUNDS pairs, default 3, the first of each pair
 * alternating so a drift of the machine falls on both), compared by their medians. Exits 1 when
 * this tree's first placings a second fall more than BENCH_AGAINST_TOLERANCE (default 0.07)
 * below <ref>'s, or when a last-unit race sold a unit twice.
 *
 * A ratio to a bare insert moves with the runtime and the load generator's HTTP client
 * (docs/benchmarks.md, 2026-11-28); two trees run in turns share both.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { percentile } from './load-loop.ts';

/** What one orders run printed, per second (null: the ref's bench has no such row). */
export interface OrdersFigures {
  bareInsert: number | null;
  firstPlacings: number | null;
  firstP99Ms: number | null;
  replacings: number | null;
  paid: number | null;
  /** Every race round sold exactly one order per unit. */
  raceExact: boolean;
}

/** Cell `column` (1: the row's name, 2: per s, 4: p99 ms) of the table row `row` matches. */
const tableCell = (output: string, row: RegExp, column: number): number | null => {
  const line = output.split('\n').find((l) => row.test(l));
  const n = line ? Number(line.split('|')[column]) : NaN;
  return Number.isFinite(n) ? n : null;
};
const rate = (output: string, row: RegExp) => tableCell(output, row, 2);

/** The figures of one `BENCH=orders` output (the table's rows and the race's line). */
export function ordersFigures(output: string): OrdersFigures {
  const first = /^\| order placed \(POST \/api\/payment only\), a first placing/;
  return {
    bareInsert: rate(output, /^\| bare one-row insert /),
    firstPlacings: rate(output, first),
    firstP99Ms: tableCell(output, first, 4),
    replacings: rate(output, /^\| order placed \(POST \/api\/payment only\), re-placing/),
    paid: rate(output, /^\| order placed, paid /),
    raceExact: /exactly one order per unit in every round/.test(output),
  };
}

/** The benches' nearest-rank median (load-loop's `percentile`), null for no values. */
export const median = (xs: readonly number[]): number | null =>
  xs.length === 0
    ? null
    : percentile(
        [...xs].sort((a, b) => a - b),
        0.5,
      );

type Figure = 'bareInsert' | 'firstPlacings' | 'replacings' | 'paid';
const FIGURES: readonly [Figure, string][] = [
  ['bareInsert', 'bare one-row insert/s'],
  ['firstPlacings', 'first placings/s'],
  ['replacings', 're-placings/s'],
  ['paid', 'placed, paid and verified/s'],
];

/** The median of a figure over the runs that printed it (null: none did). */
const medianOf = (figure: Figure, runs: readonly OrdersFigures[]) =>
  median(runs.flatMap((r) => (r[figure] === null ? [] : [r[figure]])));

/** This tree's median of a figure over <ref>'s (null when either has none). */
export function ratioOf(
  figure: Figure,
  ours: readonly OrdersFigures[],
  theirs: readonly OrdersFigures[],
) {
  const a = medianOf(figure, ours);
  const b = medianOf(figure, theirs);
  return a === null || b === null || b === 0 ? null : a / b;
}

/** The verdict: what fails (empty: no regression). */
export function regressions(
  ours: readonly OrdersFigures[],
  theirs: readonly OrdersFigures[],
  tolerance: number,
): string[] {
  const out: string[] = [];
  const first = ratioOf('firstPlacings', ours, theirs);
  if (first === null) out.push('no first placings to compare');
  else if (first < 1 - tolerance) {
    out.push(
      `first placings a second at ${(first * 100).toFixed(0)}% of the ref's (tolerance ${(tolerance * 100).toFixed(0)}%)`,
    );
  }
  if (ours.some((r) => !r.raceExact))
    out.push('a last-unit race did not sell exactly one order a unit');
  return out;
}

function git(cwd: string, ...args: string[]) {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** Runs `npm run bench` (BENCH=orders) in `tree`, echoing and returning its output. */
function ordersRun(tree: string, label: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'bench', '-w', '@shop/api'], {
      cwd: tree,
      env: { ...process.env, BENCH: 'orders', BENCH_AGAINST: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${label}: the orders bench exited with ${code}\n${output}`));
    });
  });
}

const cell = (n: number | null, digits = 0) => (n === null ? '–' : n.toFixed(digits));

/** BENCH_AGAINST: both trees' orders benches in turns, the table and the verdict. */
export async function runAgainst(ref: string): Promise<void> {
  const here = git(process.cwd(), 'rev-parse', '--show-toplevel');
  const sha = git(here, 'rev-parse', '--verify', `${ref}^{commit}`);
  const rounds = Number(process.env.BENCH_AGAINST_ROUNDS ?? 3);
  const tolerance = Number(process.env.BENCH_AGAINST_TOLERANCE ?? 0.07);
  const head = git(here, 'rev-parse', '--short', 'HEAD');
  const dirty = git(here, 'status', '--porcelain', '--untracked-files=no') !== '';
  const ours = `this tree (${head}${dirty ? ' with uncommitted changes' : ''})`;
  const theirs = sha.startsWith(ref) ? sha.slice(0, 7) : `${ref} (${sha.slice(0, 7)})`;
  console.log(`\n# Orders bench against ${theirs}: ${rounds} pairs, in turns`);

  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-against-'));
  const tree = path.join(dir, 'tree');
  git(here, 'worktree', 'add', '--detach', tree, sha);
  try {
    console.log(`  ${theirs}: npm ci in ${tree}`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: tree,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const mine: OrdersFigures[] = [];
    const ref: OrdersFigures[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const pair = i % 2 === 0 ? (['ref', 'ours'] as const) : (['ours', 'ref'] as const);
      for (const which of pair) {
        const output = await ordersRun(which === 'ours' ? here : tree, which);
        const figures = ordersFigures(output);
        (which === 'ours' ? mine : ref).push(figures);
        console.log(
          `  ${new Date().toISOString().slice(11, 16)} ${which === 'ours' ? ours : theirs}: first placings ${cell(figures.firstPlacings)}/s (p99 ${cell(figures.firstP99Ms, 1)} ms), bare insert ${cell(figures.bareInsert)}/s, race ${figures.raceExact ? 'exact' : 'NOT exact'}`,
        );
      }
    }
    console.log(`\n| median | ${ours} | ${theirs} | this / ref |`);
    console.log('|---|---:|---:|---:|');
    for (const [figure, name] of FIGURES) {
      const r = ratioOf(figure, mine, ref);
      console.log(
        `| ${name} | ${cell(medianOf(figure, mine))} | ${cell(medianOf(figure, ref))} | ${r === null ? '–' : `${(r * 100).toFixed(0)}%`} |`,
      );
    }
    const failed = regressions(mine, ref, tolerance);
    if (failed.length > 0) {
      console.log(`\nRegression against ${theirs}: ${failed.join('; ')}.`);
      process.exitCode = 1;
    } else {
      console.log(
        `\nNo regression against ${theirs} (tolerance ${(tolerance * 100).toFixed(0)}%).`,
      );
    }
  } finally {
    git(here, 'worktree', 'remove', '--force', tree);
    rmSync(dir, { recursive: true, force: true });
  }
}
