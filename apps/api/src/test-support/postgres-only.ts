import { describe, it } from 'vitest';
import type { TestDatabaseTarget } from '@shop/db/testing';

/** Defines nothing: a race test's stand-in on PGlite. */
const none = () => {};

/**
 * `it` and `describe` for the race tests of a file run on every target: defined on PostgreSQL
 * only. PGlite has one connection, which serialises every statement, so a race there proves
 * nothing; the test is left out rather than reported as skipped, and a skipped test always means
 * something that should have run did not.
 */
export function postgresOnly(target: TestDatabaseTarget): {
  it: typeof it;
  describe: typeof describe;
} {
  if (target.name === 'postgres') return { it, describe };
  return { it: none as unknown as typeof it, describe: none as unknown as typeof describe };
}
