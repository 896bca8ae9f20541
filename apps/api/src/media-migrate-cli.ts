/**
 * npm run media:migrate -- --to s3: copies the images of DATA_DIR/uploads into the bucket the
 * S3_* settings name, under the same keys, so every stored `/api/uploads/…` URL keeps working
 * once the shop starts with S3_BUCKET (decision 0038). Idempotent: an object already in the
 * bucket with the same size is left alone; it says what it copied. The folder is not changed.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { copyMedia, createMediaStore, folderMediaStore } from './adapters/media-store.ts';
import { loadConfig } from './config/config.ts';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
if (values.to !== 's3') {
  console.error(
    'Usage: npm run media:migrate -- --to s3   (with S3_BUCKET and the other S3_ settings)',
  );
  process.exit(2);
}
const config = loadConfig();
if (!config.S3_BUCKET) {
  console.error('media:migrate: set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, … as needed).');
  process.exit(2);
}
const folder = path.join(config.DATA_DIR, 'uploads');
try {
  const { copied, skipped } = await copyMedia(
    folderMediaStore(folder),
    createMediaStore(config),
    (key) => console.log(`copied ${key}`),
  );
  console.log(
    `${copied} images copied from ${folder} to the bucket ${config.S3_BUCKET}; ${skipped} were there already.`,
  );
} catch (err) {
  console.error(`media:migrate failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
