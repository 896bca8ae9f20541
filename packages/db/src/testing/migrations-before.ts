import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const shipped = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * A copy of the migrations folder as it was before migration `idx` (its journal cut there), for
 * tests that fill a database as an older version left it and then run the rest. The caller
 * removes the folder.
 */
export function migrationsBefore(idx: number): string {
  const dir = mkdtempSync(join(tmpdir(), `migrations-before-${idx}-`));
  cpSync(shipped, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** The shipped migrations folder, all of it. */
export const shippedMigrations = shipped;
