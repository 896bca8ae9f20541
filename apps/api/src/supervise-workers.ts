import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

/** A worker that dies this soon after starting counts towards a crash loop. */
const EARLY_EXIT_MS = 10_000;
/** Early deaths in a row after which the primary gives up (a start that cannot succeed). */
const MAX_EARLY_EXITS = 5;

/**
 * The primary of several API processes on one machine: starts `count` workers (each runs
 * server.ts and listens on the shared port), starts a new one when one dies, and on SIGINT or
 * SIGTERM asks each to finish its running requests, then exits (0 when every worker did).
 */
export function superviseWorkers(count: number, log: FastifyBaseLogger, shutdownMs: number) {
  let stopping = false;
  let earlyExits = 0;
  let failed = false;
  const startedAt = new Map<Worker, number>();

  const start = () => startedAt.set(cluster.fork(), Date.now());
  for (let i = 0; i < count; i++) start();
  log.info(`${count} API processes started`);

  cluster.on('exit', (worker, code, signal) => {
    const began = startedAt.get(worker) ?? 0;
    startedAt.delete(worker);
    if (stopping) {
      // A worker still starting has no handler yet and ends by the signal: nothing was cut.
      if (code !== 0 && signal !== 'SIGTERM') failed = true;
      if (startedAt.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    log.error(
      `API process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`,
    );
    earlyExits = Date.now() - began < EARLY_EXIT_MS ? earlyExits + 1 : 0;
    if (earlyExits >= MAX_EARLY_EXITS) {
      log.error(`API processes keep dying at start (${earlyExits} in a row): stopping`);
      stop(1);
      return;
    }
    start();
  });

  const stop = (code = 0) => {
    if (stopping) return;
    stopping = true;
    if (code !== 0) failed = true;
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    // A worker that outlives its own shutdown timeout is stopped hard.
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownMs + 5_000).unref();
    if (startedAt.size === 0) process.exit(failed ? 1 : 0);
  };
  process.once('SIGINT', () => stop());
  process.once('SIGTERM', () => stop());
}
