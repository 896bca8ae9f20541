/**
 * The open loop's load generator, in a process of its own (forked by mix-bench.ts): a process
 * that only sends the given URLs and times the answers keeps a small heap, so its own garbage
 * collections stay short. Run inside the bench process, which holds the mix's fixtures, its
 * 10–20 ms scavenges stalled sending and reading and counted as the server's latency
 * (docs/benchmarks.md, 2026-11-25 evening).
 *
 * One message per phase: `OpenPhaseRequest` in, `OpenPhaseResult` out.
 */
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { openLoop } from './load-loop.ts';

export interface OpenPhaseRequest {
  base: string;
  /** Request i asks for urls[i]. */
  urls: string[];
  rate: number;
  seconds: number;
}

export interface OpenPhaseResult {
  /** Each answered request's latency from when it was due, and the second it was due in. */
  latencies: number[];
  dueSecond: number[];
  errors: number;
  failures: string[];
  bytes: number;
  open: { issued: number; dropped: number; maxInFlight: number; seconds: number };
  /** This process's worst event-loop delay and longest GC pause in each second (ms). */
  lagBySecond: number[];
  gcBySecond: number[];
  slowest: { ms: number; second: number; url: string }[];
}

async function runPhase({ base, urls, rate, seconds }: OpenPhaseRequest): Promise<OpenPhaseResult> {
  const result: OpenPhaseResult = {
    latencies: [],
    dueSecond: [],
    errors: 0,
    failures: [],
    bytes: 0,
    open: { issued: 0, dropped: 0, maxInFlight: 0, seconds: 0 },
    lagBySecond: [],
    gcBySecond: [],
    slowest: [],
  };
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  let gc = 0;
  const gcWatch = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gc = Math.max(gc, e.duration);
  });
  gcWatch.observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    result.lagBySecond.push(lag.max / 1e6);
    lag.reset();
    result.gcBySecond.push(gc);
    gc = 0;
  }, 1000);
  const started = performance.now();
  let next = 0;
  result.open = await openLoop(rate, seconds, async (scheduledAt) => {
    const url = urls[next++ % urls.length]!;
    let status = 0;
    let text: string;
    try {
      // Uncompressed, as the rest of the mix: decompressing would be the generator's work.
      const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } });
      status = res.status;
      text = await res.text();
    } catch (err) {
      text = String(err);
    }
    const ms = performance.now() - scheduledAt;
    const second = Math.floor((scheduledAt - started) / 1000);
    result.latencies.push(ms);
    result.dueSecond.push(second);
    result.bytes += Buffer.byteLength(text);
    if (status < 200 || status >= 300) {
      result.errors += 1;
      if (result.failures.length < 5)
        result.failures.push(`GET ${url} → ${status} ${text.slice(0, 200)}`);
    }
    result.slowest.push({ ms, second, url });
    if (result.slowest.length > 64) result.slowest.sort((a, b) => b.ms - a.ms).splice(32);
  });
  clearInterval(timer);
  lag.disable();
  gcWatch.disconnect();
  result.slowest.sort((a, b) => b.ms - a.ms).splice(8);
  return result;
}

process.on('message', (request: OpenPhaseRequest) => {
  // Collected before the phase, so nothing of the last one is left to collect in its first second.
  (globalThis as { gc?: () => void }).gc?.();
  runPhase(request).then(
    (result) => process.send!(result),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
process.send!('ready');
