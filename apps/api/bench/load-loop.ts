/** What the HTTP benches share: bounded closed loops and percentiles. */

/** Upper bound on requests of one phase, whatever the duration. */
export const MAX_REQUESTS = 200_000;

export const percentile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

export function stats(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/**
 * `workers` loops calling `step(worker)` until the deadline or the request budget (MAX_REQUESTS,
 * or `maxRequests` when lower) runs out.
 */
export async function closedLoop(
  workers: number,
  seconds: number,
  step: (w: number) => Promise<void>,
  maxRequests = MAX_REQUESTS,
) {
  const deadline = performance.now() + seconds * 1000;
  let budget = Math.min(MAX_REQUESTS, maxRequests);
  const started = performance.now();
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (performance.now() < deadline && budget-- > 0) {
        await step(w);
        done += 1;
      }
    }),
  );
  return { done, seconds: (performance.now() - started) / 1000 };
}

/**
 * An open loop: `step(scheduledAt)` started `rate` times a second for `seconds`, on time whatever
 * the earlier ones are doing (a shop's visitors do not wait for each other), so a slow answer
 * cannot lower the load it is measured under. Latency is to be counted from `scheduledAt`, the
 * time the request was due, so a late start is counted too (no coordinated omission). At most
 * `maxInFlight` at once; an arrival due beyond that is not started: `drop(scheduledAt)` is called
 * instead (the caller counts it as an error of its arrival: an overloaded run must not pass by
 * never sending what it could not answer) and it is counted as `dropped`.
 */
export async function openLoop(
  rate: number,
  seconds: number,
  step: (scheduledAt: number) => Promise<void>,
  drop: (scheduledAt: number) => void,
  maxInFlight = 256,
) {
  const started = performance.now();
  const total = Math.min(MAX_REQUESTS, Math.floor(rate * seconds));
  const running = new Set<Promise<void>>();
  let maxSeen = 0;
  let dropped = 0;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    // Timers are coarse (~1 ms or worse on a busy machine): requests due together go together.
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (running.size >= maxInFlight) {
      dropped += 1;
      drop(due);
      continue;
    }
    const p: Promise<void> = step(due).finally(() => running.delete(p));
    running.add(p);
    maxSeen = Math.max(maxSeen, running.size);
  }
  await Promise.all(running);
  return {
    issued: total - dropped,
    dropped,
    maxInFlight: maxSeen,
    seconds: (performance.now() - started) / 1000,
  };
}
