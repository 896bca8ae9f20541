/**
 * npm run backup [-- --out DIR]: one archive of the shop (database and uploads) in DIR
 * (default DATA_DIR/backups), from the same settings the server reads.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createMediaStore } from '../adapters/media-store.ts';
import { loadConfig } from '../config/config.ts';
import { backUpShop } from './shop-backup.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfig();
const cwd = process.env.INIT_CWD ?? process.cwd();
const outDir = values.out ? path.resolve(cwd, values.out) : path.join(config.DATA_DIR, 'backups');
try {
  const { file, manifest } = await backUpShop(
    { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, media: createMediaStore(config) },
    outDir,
  );
  console.log(`Backup of the ${manifest.driver} database and ${manifest.uploads} uploads: ${file}`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
