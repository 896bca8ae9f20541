import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTWORK_KINDS, putArtwork, type ArtworkFile } from '@shop/db';
import { HttpError } from '../lib/errors.ts';
import { startS3StandIn, type S3StandIn } from '../test-support/s3-stand-in.ts';
import {
  artworkWriter,
  copyMedia,
  createMediaStore,
  folderMediaStore,
  type MediaStore,
} from './media-store.ts';

const text = async (store: MediaStore, key: string, range?: { start: number; end: number }) => {
  const read = await store.get(key, range);
  if (!read) return null;
  const chunks: Buffer[] = [];
  for await (const c of read.body) chunks.push(c as Buffer);
  return { ...read, text: Buffer.concat(chunks).toString() };
};
const keysOf = async (store: MediaStore, prefix: string) => {
  const keys: string[] = [];
  for await (const o of store.list(prefix)) keys.push(o.key);
  return keys.sort();
};

let s3: S3StandIn;
let dir: string;
beforeAll(async () => {
  s3 = await startS3StandIn();
  dir = mkdtempSync(path.join(tmpdir(), 'shop-media-store-'));
});
afterAll(async () => {
  await s3.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const stores: { name: string; make: () => MediaStore }[] = [
  { name: 'the folder', make: () => folderMediaStore(path.join(dir, 'uploads')) },
  {
    name: 'an S3 bucket (s3rver)',
    make: () => createMediaStore({ DATA_DIR: dir, ...s3.config }),
  },
];

describe.each(stores)('media store: $name', ({ make }) => {
  it('puts, reads whole and by range, heads, lists by prefix and deletes', async () => {
    const store = make();
    await store.put('products/urbanroll/aa-320/320.webp', Buffer.from('0123456789'), 'image/webp');
    await store.put('products/urbanroll/aa-320/640.webp', Buffer.from('abc'), 'image/webp');
    await store.put('media/urbanroll/bb-256/256.webp', Buffer.from('xyz'), 'image/webp');

    const whole = await text(store, 'products/urbanroll/aa-320/320.webp');
    expect(whole?.text).toBe('0123456789');
    expect(whole?.size).toBe(10);
    expect(whole?.etag).toMatch(/^".+"$/);
    const part = await text(store, 'products/urbanroll/aa-320/320.webp', { start: 2, end: 5 });
    expect(part).toMatchObject({ text: '2345', size: 10, range: { start: 2, end: 5 } });

    const head = await store.head('products/urbanroll/aa-320/320.webp');
    expect(head).toMatchObject({ key: 'products/urbanroll/aa-320/320.webp', size: 10 });
    expect(head?.etag).toBe(whole?.etag);
    expect(head?.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect(await keysOf(store, 'products/')).toEqual([
      'products/urbanroll/aa-320/320.webp',
      'products/urbanroll/aa-320/640.webp',
    ]);
    expect(await keysOf(store, '')).toContain('media/urbanroll/bb-256/256.webp');

    await store.delete('products/urbanroll/aa-320/320.webp');
    await store.delete('products/urbanroll/aa-320/320.webp'); // a missing one is no error
    expect(await store.head('products/urbanroll/aa-320/320.webp')).toBeNull();
    expect(await keysOf(store, 'products/')).toEqual(['products/urbanroll/aa-320/640.webp']);
  });

  it('answers null for a missing object and refuses keys outside the store', async () => {
    const store = make();
    expect(await store.get('products/urbanroll/none/1.webp')).toBeNull();
    expect(await store.head('products/urbanroll/none/1.webp')).toBeNull();
    for (const bad of ['../secrets/auth-secret', 'a/../../b', '/etc/passwd', 'a/.hidden', '']) {
      await expect(store.put(bad, Buffer.from('x'), 'image/webp')).rejects.toThrow(/media key/);
    }
  });

  it('takes the seed artwork through the writer once', async () => {
    const store = make();
    const files: ArtworkFile[] = ['a', 'b'].map((name) => ({
      path: `teststore/categories/${name}.svg`,
      spec: { type: 'category', kind: ARTWORK_KINDS[0], color: '#0f766e' },
    }));
    const writer = artworkWriter(store);
    expect(await putArtwork(writer, 'teststore', files)).toBe(2);
    expect(await putArtwork(writer, 'teststore', files)).toBe(0);
    expect((await text(store, 'teststore/categories/a.svg'))?.text).toContain('<svg');
  });
});

describe('media store: an S3 bucket that is down', () => {
  it('answers 503 (Unavailable) for every operation, and copies only what is missing', async () => {
    const folder = folderMediaStore(path.join(dir, 'migrate'));
    await folder.put('products/urbanroll/cc-320/320.webp', Buffer.from('one'), 'image/webp');
    await folder.put('urbanroll/products/x.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    const bucket = createMediaStore({ DATA_DIR: dir, ...s3.config });
    const first = await copyMedia(folder, bucket);
    expect(first).toEqual({ copied: 2, skipped: 0 });
    expect(await copyMedia(folder, bucket)).toEqual({ copied: 0, skipped: 2 });
    expect((await bucket.head('urbanroll/products/x.svg'))?.size).toBe(6);

    await s3.stop();
    try {
      const status = (p: Promise<unknown>) =>
        p.then(
          () => 0,
          (e: unknown) => (e instanceof HttpError ? e.statusCode : -1),
        );
      expect(await status(bucket.put('media/a/b.webp', Buffer.from('x'), 'image/webp'))).toBe(503);
      expect(await status(bucket.get('urbanroll/products/x.svg'))).toBe(503);
      expect(await status(bucket.head('urbanroll/products/x.svg'))).toBe(503);
      expect(await status(bucket.delete('urbanroll/products/x.svg'))).toBe(503);
      expect(await status(keysOf(bucket, ''))).toBe(503);
    } finally {
      await s3.start();
    }
    expect((await bucket.head('urbanroll/products/x.svg'))?.size).toBe(6);
  });
});
