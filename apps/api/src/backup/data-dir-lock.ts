import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt
 * it. The server records its pid in DATA_DIR/server.pid while it has the embedded database open;
 * backups (and a second server) refuse while that process lives.
 */
const lockFile = (dataDir: string) => path.join(dataDir, 'server.pid');

function holder(dataDir: string): number | null {
  if (!existsSync(lockFile(dataDir))) return null;
  const pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null; // a stale file from a process that died
  }
}

export class DataDirInUse extends Error {}

export function assertDataDirFree(dataDir: string): void {
  const pid = holder(dataDir);
  if (pid !== null) {
    throw new DataDirInUse(
      `The shop's server (pid ${pid}) has the embedded database in ${dataDir} open. Stop it first, or use PostgreSQL (DATABASE_URL) for backups while it runs.`,
    );
  }
}

/** Takes the data directory for this process; the answer gives it back. */
export function lockDataDir(dataDir: string): () => void {
  assertDataDirFree(dataDir);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile(dataDir), String(process.pid));
  return () => rmSync(lockFile(dataDir), { force: true });
}
