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

/** `workers` loops calling `step(worker)` until the deadline or the request budget runs out. */
export async function closedLoop(
  workers: number,
  seconds: number,
  step: (w: number) => Promise<void>,
) {
  const deadline = performance.now() + seconds * 1000;
  let budget = MAX_REQUESTS;
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
