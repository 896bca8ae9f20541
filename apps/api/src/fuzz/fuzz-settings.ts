/** The seed CI uses, so a failure in CI reproduces locally. */
export const CI_SEED = 20261123;
/** Cases per route (and per auth mix) in the normal test run. */
export const CI_RUNS = 200;

/**
 * How many cases and which seed: fixed and bounded by default; `npm run fuzz` sets FUZZ_SEED
 * (a number, or `random`) and FUZZ_RUNS to run a long one.
 */
export function fuzzSettings(env: NodeJS.ProcessEnv) {
  const seedText = env.FUZZ_SEED;
  const seed =
    seedText === 'random'
      ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0
      : seedText
        ? Number(seedText)
        : CI_SEED;
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer or "random"`);
  const runs = env.FUZZ_RUNS ? Number(env.FUZZ_RUNS) : CI_RUNS;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('FUZZ_RUNS must be a positive integer');
  if (seedText) console.log(`fuzz: seed ${seed}, ${runs} cases per route (FUZZ_SEED=${seed})`);
  // Generous: a slow shared machine must not fail a route that is merely slow.
  const timeoutMs = Math.max(60_000, runs * 1_000);
  /** FUZZ_VERBOSE=1 prints how many answers of each status every route gave. */
  const verbose = env.FUZZ_VERBOSE === '1';
  return { seed, runs, timeoutMs, verbose };
}
