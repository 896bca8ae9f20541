/**
 * The bench server on several processes (BENCH_WORKERS > 1): the primary forks the app processes
 * (node's cluster module shares the port, as `npm run serve` with WEB_CONCURRENCY) and answers
 * for them together. A probe route (/bench/cpu, /bench/statements, …) lands on one process,
 * which asks the primary; the primary asks every process for its own figure and hands the list
 * back, and the route adds them up. With one process the list is its own figure.
 */
import cluster, { type Worker } from 'node:cluster';

/** What each app process measured itself (bench-server.ts fills them in). */
export interface Probes {
  queries: () => number;
  statements: () => [string, number][];
  cpuMs: () => number;
  lagReset: () => void;
  lag: () => {
    worstMsBySecond: number[];
    bySecond: { gcWorstMs: number; gcMajor: boolean; indexBuildMs: number }[];
  };
  profileStart: () => Promise<void>;
  profileStop: (name: string) => Promise<string | null>;
  poolReset: () => void;
  pool: () => {
    size: number;
    meanWaiting: number;
    maxWaiting: number;
    meanBusy: number;
    fullShare: number;
  };
  cache: () => Promise<{ hits: number; misses: number }>;
}
type ProbeName = keyof Probes;
type Result<K extends ProbeName> = Awaited<ReturnType<Probes[K]>>;

/** BENCH_WORKERS: how many app processes (1: the app in the bench server's own process). */
export const benchWorkers = () => Math.max(1, Number(process.env.BENCH_WORKERS ?? 1));

interface Gather {
  benchGather: { id: number; probe: ProbeName; arg?: string };
}
interface Probe {
  benchProbe: { id: number; probe: ProbeName; arg?: string };
}
interface Probed {
  benchProbed: { id: number; result: unknown };
}
interface Gathered {
  benchGathered: { id: number; results: unknown[] };
}
const is = <T extends object>(m: unknown, key: string): m is T =>
  typeof m === 'object' && m !== null && key in m;

let nextId = 0;
const waiting = new Map<number, (results: unknown[]) => void>();

const run = (probes: Probes, name: ProbeName, arg?: string): unknown =>
  (probes[name] as (a?: string) => unknown)(arg);

/** In an app process of several: answers the primary's probes, and its gathers' results. */
export function answerProbes(probes: Probes): void {
  if (!cluster.isWorker) return;
  process.on('message', (m: unknown) => {
    if (is<Probe>(m, 'benchProbe')) {
      const { id, probe, arg } = m.benchProbe;
      void Promise.resolve(run(probes, probe, arg)).then((result) =>
        process.send!({ benchProbed: { id, result } } satisfies Probed),
      );
    } else if (is<Gathered>(m, 'benchGathered')) {
      waiting.get(m.benchGathered.id)?.(m.benchGathered.results);
      waiting.delete(m.benchGathered.id);
    }
  });
}

/** Every app process's answer to `probe` (this process's alone when it is not a worker). */
export async function gatherFromWorkers<K extends ProbeName>(
  probes: Probes,
  probe: K,
  arg?: string,
): Promise<Result<K>[]> {
  if (!cluster.isWorker) return [(await run(probes, probe, arg)) as Result<K>];
  const id = ++nextId;
  const results = new Promise<unknown[]>((resolve) => waiting.set(id, resolve));
  process.send!({ benchGather: { id, probe, arg } } satisfies Gather);
  return (await results) as Result<K>[];
}

/**
 * The primary: forks `count` app processes, answers a gather by asking each of them, says
 * 'ready' to the bench once all listen, and stops them all on SIGTERM.
 */
export function runBenchPrimary(count: number): void {
  const workers: Worker[] = [];
  let ready = 0;
  for (let i = 0; i < count; i++) {
    const worker = cluster.fork({ BENCH_WORKER_INDEX: String(i) });
    workers.push(worker);
    worker.on('message', (m: unknown) => {
      if (m === 'ready' && ++ready === count) process.send?.('ready');
      if (is<Gather>(m, 'benchGather')) void gather(worker, m.benchGather);
    });
    worker.on('exit', (code) => {
      if (!stopping) {
        console.error(`bench worker ${i} exited with ${code}`);
        process.exit(1);
      }
    });
  }
  let stopping = false;
  let nextProbe = 0;
  async function gather(asker: Worker, g: Gather['benchGather']) {
    const results = await Promise.all(
      workers.map(
        (w) =>
          new Promise<unknown>((resolve) => {
            const id = ++nextProbe;
            const answer = (m: unknown) => {
              if (is<Probed>(m, 'benchProbed') && m.benchProbed.id === id) {
                w.off('message', answer);
                resolve(m.benchProbed.result);
              }
            };
            w.on('message', answer);
            w.send({ benchProbe: { id, probe: g.probe, arg: g.arg } } satisfies Probe);
          }),
      ),
    );
    asker.send({ benchGathered: { id: g.id, results } } satisfies Gathered);
  }
  process.once('SIGTERM', () => {
    stopping = true;
    let left = workers.length;
    for (const w of workers) {
      w.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      w.process.kill('SIGTERM');
    }
  });
}
