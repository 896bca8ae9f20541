import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cp, mkdir, readFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import * as tar from 'tar';
import { folderMediaStore, mediaTypeOf, type MediaStore } from '../adapters/media-store.ts';
import { assertDataDirFree } from './data-dir-lock.ts';

const run = promisify(execFile);

/** What an archive holds, written as manifest.json at its root. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  driver: 'postgres' | 'pglite';
  /** Files under uploads/ in the archive. */
  uploads: number;
  /** Where the uploads were taken from (absent in archives made before the media store could be a bucket: the folder). */
  media?: 'folder' | 's3';
}

export interface ShopLocation {
  /** PostgreSQL connection string; unset means the embedded PGlite in `dataDir/pglite`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where the images are (the bucket, decision 0038); default: the folder dataDir/uploads. */
  media?: MediaStore;
}

const mediaOf = (shop: ShopLocation) => shop.media ?? folderMediaStore(uploadsDir(shop.dataDir));

/** Copies every object of the store into `dir` (its key as the path); answers how many. */
async function downloadMedia(store: MediaStore, dir: string): Promise<number> {
  let n = 0;
  for await (const o of store.list('')) {
    const read = await store.get(o.key);
    if (!read) continue; // deleted since it was listed
    const target = path.join(dir, ...o.key.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(read.body, createWriteStream(target));
    n += 1;
  }
  return n;
}

/** Puts every file under `dir` into the store, keyed by its path. */
async function uploadMedia(dir: string, store: MediaStore): Promise<number> {
  if (!existsSync(dir)) return 0;
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  );
  for (const e of files) {
    const file = path.join(e.parentPath, e.name);
    const key = path.relative(dir, file).split(path.sep).join('/');
    await store.put(key, await readFile(file), mediaTypeOf(key) ?? 'application/octet-stream');
  }
  return files.length;
}

async function hasMedia(store: MediaStore): Promise<boolean> {
  for await (const _ of store.list('')) return true;
  return false;
}

const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');
const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
    .length;
}

/**
 * Writes one archive `shop-<UTC time>.tar.gz` into `outDir`: manifest.json, database/ (a
 * `pg_dump` custom-format dump, taken in one snapshot, or a copy of PGlite's data directory
 * taken while no server has it open) and uploads/ (every object of the media store: the folder
 * or the bucket). Answers the archive's path.
 */
export async function backUpShop(
  shop: ShopLocation,
  outDir: string,
  now = new Date(),
): Promise<{ file: string; manifest: BackupManifest }> {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
  try {
    mkdirSync(path.join(work, 'database'));
    let driver: BackupManifest['driver'];
    if (shop.databaseUrl) {
      driver = 'postgres';
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(work, 'database', 'shop.dump')}`,
        `--dbname=${shop.databaseUrl}`,
      ]);
    } else {
      driver = 'pglite';
      // A cold copy: no process has the directory open (the server's lock says so), so its
      // files are a consistent PostgreSQL data directory.
      assertDataDirFree(shop.dataDir);
      if (!existsSync(pgliteDir(shop.dataDir))) {
        throw new Error(`No embedded database in ${pgliteDir(shop.dataDir)}.`);
      }
      await cp(pgliteDir(shop.dataDir), path.join(work, 'database', 'pglite'), {
        recursive: true,
      });
    }
    // The images from wherever they are (the folder or the bucket), through the media store.
    mkdirSync(path.join(work, 'uploads'));
    const media = mediaOf(shop);
    await downloadMedia(media, path.join(work, 'uploads'));
    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      driver,
      uploads: countFiles(path.join(work, 'uploads')),
      media: media.kind,
    };
    writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(outDir, { recursive: true });
    const stamp = manifest.createdAt.replace(/[:.]/g, '-');
    const file = path.join(outDir, `shop-${stamp}.tar.gz`);
    await tar.create({ gzip: true, file, cwd: work, portable: true }, [
      'manifest.json',
      'database',
      'uploads',
    ]);
    return { file, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Thrown when the target already holds a shop: a restore never overwrites data. */
export class RestoreRefused extends Error {}

async function assertEmptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*)::text as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (Number(rows[0]?.n ?? 0) > 0) {
      throw new RestoreRefused('The target database is not empty: restore into a new database.');
    }
  } finally {
    await client.end();
  }
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Restores an archive of backUpShop into an empty shop: a database with no tables (PostgreSQL)
 * or a data directory without a database, and no uploads (in the folder or the bucket). The archive's database kind must
 * match the target's (a PGlite backup restores into PGlite).
 */
export async function restoreShop(archive: string, shop: ShopLocation): Promise<BackupManifest> {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-restore-'));
  try {
    await tar.extract({ file: archive, cwd: work, strict: true });
    const manifest = JSON.parse(
      readFileSync(path.join(work, 'manifest.json'), 'utf8'),
    ) as BackupManifest;
    if ((manifest.format as number) !== 1) {
      throw new RestoreRefused(`Unknown backup format ${String(manifest.format)}.`);
    }
    const target = shop.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.driver !== target) {
      throw new RestoreRefused(
        `This is a ${manifest.driver} backup; set ${manifest.driver === 'postgres' ? 'DATABASE_URL' : 'no DATABASE_URL'} to restore it.`,
      );
    }
    const media = mediaOf(shop);
    if (await hasMedia(media)) {
      throw new RestoreRefused(
        media.kind === 'folder'
          ? `${uploadsDir(shop.dataDir)} is not empty.`
          : 'The bucket (S3_BUCKET) is not empty: restore into a new bucket.',
      );
    }
    if (shop.databaseUrl) {
      await assertEmptyPostgres(shop.databaseUrl);
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${shop.databaseUrl}`,
        path.join(work, 'database', 'shop.dump'),
      ]);
    } else {
      if (!isEmptyDir(pgliteDir(shop.dataDir))) {
        throw new RestoreRefused(`${pgliteDir(shop.dataDir)} already holds a database.`);
      }
      await cp(path.join(work, 'database', 'pglite'), pgliteDir(shop.dataDir), {
        recursive: true,
      });
    }
    mkdirSync(shop.dataDir, { recursive: true });
    // Into the configured store: a folder shop's archive restores into a bucket as well.
    await uploadMedia(path.join(work, 'uploads'), media);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
