import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { ArtworkWriter } from '@shop/db';
import { Unavailable } from '../lib/errors.ts';

/** One stored file: what a conditional or range request and a backup need to know. */
export interface MediaObject {
  /** The path under the uploads root, posix (`products/<store>/<folder>/640.webp`). */
  key: string;
  size: number;
  /** A strong validator, quoted as HTTP sends it. */
  etag: string;
  lastModified: Date;
}

/** An inclusive byte range of an object. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaRead extends MediaObject {
  /** The bytes asked for: the whole object, or `range`. */
  body: Readable;
  range?: ByteRange;
}

/**
 * Where uploaded and generated images live (decision 0038): DATA_DIR/uploads on one machine,
 * or an S3-compatible bucket that every API process shares. Keys are the paths under
 * `/api/uploads/`, so a stored URL means the same file in either. A store that cannot be reached
 * throws `Unavailable` (503); a missing object is null.
 */
export interface MediaStore {
  readonly kind: 'folder' | 's3';
  /** Writes the whole object (never a partial one: a temp file and a rename, or one PUT). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<MediaRead | null>;
  head(key: string): Promise<MediaObject | null>;
  /** Deletes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` ('' for all), for backups and migration. */
  list(prefix: string): AsyncIterable<MediaObject>;
}

/** A key as the stores accept it: relative, posix, no `..`, no dot files. */
export function checkMediaKey(key: string): string {
  const parts = key.split('/');
  if (
    key.length === 0 ||
    key.length > 1024 ||
    parts.some((p) => p === '' || p.startsWith('.') || p.includes('\\') || p.includes('\0'))
  ) {
    throw new Error(`not a media key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** The local folder (DATA_DIR/uploads): the single-machine shop's store. */
export function folderMediaStore(root: string): MediaStore {
  const base = path.resolve(root);
  const file = (key: string) => path.join(base, ...checkMediaKey(key).split('/'));
  const describe = (key: string, s: { size: number; mtime: Date; ino: number }): MediaObject => ({
    key,
    size: s.size,
    // Size, time and inode: changes whenever the file is replaced (names are never reused).
    etag: `"${createHash('sha1')
      .update(`${String(s.size)}-${String(s.mtime.getTime())}-${String(s.ino)}`)
      .digest('hex')
      .slice(0, 20)}"`,
    lastModified: s.mtime,
  });
  const statOf = async (key: string) => {
    try {
      const s = await stat(file(key));
      return s.isFile() ? s : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };
  return {
    kind: 'folder',
    async put(key, body) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = path.join(path.dirname(target), `.${randomUUID()}.tmp`);
      try {
        await writeFile(temp, body);
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const s = await statOf(key);
      if (!s) return null;
      const body = createReadStream(file(key), range ? { start: range.start, end: range.end } : {});
      return { ...describe(key, s), body, ...(range ? { range } : {}) };
    },
    async head(key) {
      const s = await statOf(key);
      return s ? describe(key, s) : null;
    },
    async delete(key) {
      await rm(file(key), { force: true });
      // Empty folders (a photo's renditions) go too, up to the root.
      let dir = path.dirname(file(key));
      while (dir.startsWith(base + path.sep)) {
        try {
          await rmdir(dir);
        } catch {
          break;
        }
        dir = path.dirname(dir);
      }
    },
    async *list(prefix) {
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(
        (err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return [];
          throw err;
        },
      );
      const keys = entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter((k) => k.startsWith(prefix) && !k.split('/').some((p) => p.startsWith('.')))
        .sort();
      for (const key of keys) {
        const s = await statOf(key);
        if (s) yield describe(key, s);
      }
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

const UNAVAILABLE = 'The image storage cannot be reached; try again in a minute.';

/** 404s of the SDK: NoSuchKey (GET), NotFound (HEAD). */
const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** Any other failure of the bucket (refused, timed out, 5xx, bad credentials) is a 503. */
function unavailable(err: unknown, log?: (err: unknown) => void): never {
  log?.(err);
  const e = new Unavailable(UNAVAILABLE);
  (e as { cause?: unknown }).cause = err;
  throw e;
}

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, DigitalOcean Spaces, MinIO) through the
 * official SDK. Checksums only where S3 requires them, since several compatible services do not
 * accept the SDK's newer default trailers.
 */
export function s3MediaStore(s: S3Settings, log?: (err: unknown) => void): MediaStore {
  const client = new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
  const Bucket = s.bucket;
  const describe = (
    key: string,
    o: { ContentLength?: number; ETag?: string; LastModified?: Date },
  ): MediaObject => ({
    key,
    size: o.ContentLength ?? 0,
    etag: o.ETag ?? '""',
    lastModified: o.LastModified ?? new Date(0),
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const Key = checkMediaKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: body,
            ContentType: contentType,
            ContentLength: body.length,
          }),
        );
      } catch (err) {
        unavailable(err, log);
      }
    },
    async get(key, range) {
      const Key = checkMediaKey(key);
      try {
        const o = await client.send(
          new GetObjectCommand({
            Bucket,
            Key,
            ...(range ? { Range: `bytes=${String(range.start)}-${String(range.end)}` } : {}),
          }),
        );
        const total = /\/(\d+)$/.exec(o.ContentRange ?? '')?.[1];
        return {
          ...describe(key, o),
          size: total ? Number(total) : (o.ContentLength ?? 0),
          body: o.Body as Readable,
          ...(range ? { range } : {}),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        unavailable(err, log);
      }
    },
    async head(key) {
      const Key = checkMediaKey(key);
      try {
        return describe(key, await client.send(new HeadObjectCommand({ Bucket, Key })));
      } catch (err) {
        if (isMissing(err)) return null;
        unavailable(err, log);
      }
    },
    async delete(key) {
      const Key = checkMediaKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (err) {
        if (isMissing(err)) return;
        unavailable(err, log);
      }
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new ListObjectsV2Command({
              Bucket,
              ...(prefix ? { Prefix: prefix } : {}),
              ...(token ? { ContinuationToken: token } : {}),
            }),
          );
        } catch (err) {
          unavailable(err, log);
        }
        for (const o of page.Contents ?? []) {
          if (!o.Key) continue;
          yield describe(o.Key, {
            ContentLength: o.Size ?? 0,
            ETag: o.ETag,
            LastModified: o.LastModified,
          });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/** The media settings of the configuration. */
export interface MediaConfig {
  DATA_DIR: string;
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}

/** The bucket when S3_BUCKET is set, else the folder DATA_DIR/uploads. */
export function createMediaStore(config: MediaConfig, log?: (err: unknown) => void): MediaStore {
  if (!config.S3_BUCKET) return folderMediaStore(path.join(config.DATA_DIR, 'uploads'));
  return s3MediaStore(
    {
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    },
    log,
  );
}

/** The type an upload is stored and served as, by its extension; null: not an image type. */
export const MEDIA_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

export const mediaTypeOf = (key: string): string | null =>
  MEDIA_TYPES[path.posix.extname(key).toLowerCase()] ?? null;

/** The seed's artwork writer (packages/db never imports the API) over a media store. */
export function artworkWriter(store: MediaStore): ArtworkWriter {
  return {
    async existing(prefix) {
      const keys = new Set<string>();
      for await (const o of store.list(prefix)) keys.add(o.key);
      return keys;
    },
    put: (key, body, contentType) => store.put(key, body, contentType),
  };
}

/** The SEED_DEMO options for a store: the folder as before, or the writer over the bucket. */
export const seedMediaOptions = (store: MediaStore, uploadsDir: string) =>
  store.kind === 'folder' ? { uploadsDir } : { artwork: artworkWriter(store) };

/**
 * Copies what `to` lacks from `from` (npm run media:migrate): an object already there with the
 * same size is skipped, so a second run copies nothing. Answers the counts.
 */
export async function copyMedia(
  from: MediaStore,
  to: MediaStore,
  onCopied: (key: string) => void = () => {},
): Promise<{ copied: number; skipped: number }> {
  let copied = 0;
  let skipped = 0;
  for await (const o of from.list('')) {
    const there = await to.head(o.key);
    if (there && there.size === o.size) {
      skipped += 1;
      continue;
    }
    const read = await from.get(o.key);
    if (!read) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of read.body) chunks.push(chunk as Buffer);
    await to.put(o.key, Buffer.concat(chunks), mediaTypeOf(o.key) ?? 'application/octet-stream');
    copied += 1;
    onCopied(o.key);
  }
  return { copied, skipped };
}
