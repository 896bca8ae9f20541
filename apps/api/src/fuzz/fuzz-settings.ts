/** The seed CI uses, so a failure in CI reproduces locally. */
export const CI_SEED = 20261123;
/** Cases per route (and per database) in the normal test run. */
export const CI_RUNS = 200;

export interface FuzzSettings {
  seed: number;
  /** Cases per route; with a time budget, the most that may run. */
  runs: number;
  /** Time budget per route (FUZZ_MINUTES spread over the routes), or undefined for none. */
  budgetMsPerRoute: (routes: number) => number | undefined;
  /** The vitest timeout of one route's property. */
  timeoutMs: (routes: number) => number;
  /** FUZZ_VERBOSE=1 prints how many answers of each status every route gave. */
  verbose: boolean;
}

const positiveInteger = (text: string | undefined, name: string) => {
  if (text === undefined || text === '') return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
};

/**
 * Which seed and how much: fixed and bounded by default (CI); `npm run fuzz` sets FUZZ_SEED
 * (a number, or `random`), FUZZ_RUNS (cases per route) and FUZZ_MINUTES (the whole run's
 * budget, shared by the routes and databases).
 */
export function fuzzSettings(env: NodeJS.ProcessEnv, databases = 1): FuzzSettings {
  const seedText = env.FUZZ_SEED;
  const seed =
    seedText === 'random'
      ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0
      : seedText
        ? Number(seedText)
        : CI_SEED;
  if (!Number.isInteger(seed)) throw new Error('FUZZ_SEED must be an integer or "random"');
  const minutes = positiveInteger(env.FUZZ_MINUTES, 'FUZZ_MINUTES');
  const runs = positiveInteger(env.FUZZ_RUNS, 'FUZZ_RUNS') ?? (minutes ? 1_000_000 : CI_RUNS);
  const budgetMsPerRoute = (routes: number) =>
    minutes ? Math.max(1_000, (minutes * 60_000) / Math.max(1, routes * databases)) : undefined;
  if (seedText || minutes) {
    console.log(
      `fuzz: seed ${seed}, ${minutes ? `${minutes} minutes, up to ` : ''}${runs} cases per route. ` +
        `A failure prints { seed, path }: rerun it with FUZZ_SEED=<seed> npm run fuzz.`,
    );
  }
  return {
    seed,
    runs,
    budgetMsPerRoute,
    // Generous: a slow shared machine must not fail a route that is merely slow.
    timeoutMs: (routes) => (budgetMsPerRoute(routes) ?? runs * 1_000) + 60_000,
    verbose: env.FUZZ_VERBOSE === '1',
  };
}
