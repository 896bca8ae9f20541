/**
 * npm run restore -- FILE: brings an archive of `npm run backup` back into an empty database
 * (DATABASE_URL) or data directory (DATA_DIR), with its uploads. Never overwrites a shop.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createMediaStore } from '../adapters/media-store.ts';
import { loadConfig } from '../config/config.ts';
import { restoreShop } from './shop-backup.ts';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [file] = positionals;
if (!file) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(2);
}
const config = loadConfig();
const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
try {
  const manifest = await restoreShop(archive, {
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    media: createMediaStore(config),
  });
  console.log(
    `Restored the ${manifest.driver} backup of ${manifest.createdAt} (${manifest.uploads} uploads). Start the shop with npm start.`,
  );
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
