/**
 * The constraint a PostgreSQL unique violation (23505) names, or null for any other error.
 * Drizzle may wrap the driver's error in `cause`; both are read.
 */
export function uniqueViolation(err: unknown): string | null {
  for (const e of [err, (err as { cause?: unknown } | null)?.cause]) {
    const pg = e as { code?: string; constraint?: string } | null | undefined;
    if (pg?.code === '23505') return pg.constraint ?? '';
  }
  return null;
}
