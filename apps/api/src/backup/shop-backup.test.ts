import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  openDatabase,
  orderLines,
  orders,
  products,
  seedDemoStores,
  users,
  type DatabaseHandle,
} from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { artworkWriter, createMediaStore, type MediaStore } from '../adapters/media-store.ts';
import { capturingEmail } from '../test-support/accounts.ts';
import { checkoutUser, lineOf, payNowBody, simpleProducts } from '../test-support/checkout.ts';
import { startS3StandIn } from '../test-support/s3-stand-in.ts';
import { startTestApp } from '../test-support/test-app.ts';
import { DataDirInUse } from './data-dir-lock.ts';
import { backUpShop, restoreShop, RestoreRefused } from './shop-backup.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `shop-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** A new empty PostgreSQL database beside TEST_DATABASE_URL's, dropped after the tests. */
async function newPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `shop_backup_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function open(databaseUrl: string | undefined, dataDir: string): DatabaseHandle {
  return openDatabase({
    databaseUrl,
    dataDir: databaseUrl ? undefined : path.join(dataDir, 'pglite'),
  });
}

/** Every file under a folder with a hash of its bytes. */
function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(dir, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
  }
  return out;
}

async function snapshot(h: DatabaseHandle) {
  const db = h.db;
  return {
    products: (await db.select({ n: count() }).from(products))[0]!.n,
    users: (await db.select({ n: count() }).from(users))[0]!.n,
    lines: (await db.select({ n: count() }).from(orderLines))[0]!.n,
    orders: await db
      .select({ id: orders.id, total: orders.totalAmountPaise, status: orders.orderStatus })
      .from(orders)
      .orderBy(asc(orders.id)),
    pendingMigrations: await h.pendingMigrations(),
  };
}

const adminUrl = process.env.TEST_DATABASE_URL;
const kinds = testDatabaseTargets().map((t) => t.name);

describe.each(kinds)('backup and restore on %s', (kind) => {
  it('round-trips a shop with an order and images into an empty shop', async () => {
    const srcUrl = kind === 'postgres' ? await newPostgresDatabase(adminUrl!) : undefined;
    const dstUrl = kind === 'postgres' ? await newPostgresDatabase(adminUrl!) : undefined;
    const srcDir = tempDir('backup-src');
    const dstDir = tempDir('backup-dst');
    const outDir = tempDir('backup-out');

    // A shop: seeded catalogue with images, a customer and a placed order.
    const source = open(srcUrl, srcDir);
    await source.migrate();
    await seedDemoStores(source.db, { uploadsDir: path.join(srcDir, 'uploads') });
    const mail = capturingEmail();
    const t = await startTestApp(
      { name: kind, open: () => Promise.resolve({ handle: source, dispose: async () => {} }) },
      { seed: false, adapters: { email: mail.sender, paymentWebhooks: null } },
    );
    cleanups.push(() => source.close().catch(() => {}));
    const u = await checkoutUser(t, mail);
    const addressId = await u.address('bandra');
    const [goods] = await simpleProducts(t);
    const placed = await u.post<{ order_id: string }>('/api/payment', {
      ...payNowBody(addressId, [lineOf(goods!, 2)]),
      user_id: u.userId,
    });
    expect(placed.status).toBe(200);
    await t.close();
    const before = await snapshot(source);
    await source.close();
    expect(before.orders.map((o) => o.id)).toContain(placed.body.order_id);
    expect(Object.keys(filesOf(path.join(srcDir, 'uploads'))).length).toBeGreaterThan(0);

    const { file, manifest } = await backUpShop({ databaseUrl: srcUrl, dataDir: srcDir }, outDir);
    expect(path.basename(file)).toMatch(/^shop-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz$/);
    expect(manifest).toMatchObject({ format: 1, driver: kind });

    await restoreShop(file, { databaseUrl: dstUrl, dataDir: dstDir });
    const restored = open(dstUrl, dstDir);
    cleanups.push(() => restored.close().catch(() => {}));
    try {
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(filesOf(path.join(dstDir, 'uploads'))).toEqual(filesOf(path.join(srcDir, 'uploads')));

    // A restore never writes over a shop.
    await expect(restoreShop(file, { databaseUrl: dstUrl, dataDir: dstDir })).rejects.toThrow(
      RestoreRefused,
    );
  }, 180_000);
});

describe('backup of the embedded database', () => {
  it('refuses while a live server process holds the data directory', async () => {
    const dir = tempDir('backup-locked');
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)']);
    cleanups.push(() => void holder.kill());
    writeFileSync(path.join(dir, 'server.pid'), String(holder.pid));
    await expect(backUpShop({ databaseUrl: undefined, dataDir: dir }, dir)).rejects.toThrow(
      DataDirInUse,
    );
  });
});

describe('backup and restore of a shop whose images are in a bucket', () => {
  it("takes the bucket's objects into the archive and restores them into an empty bucket", async () => {
    const [s3From, s3To] = await Promise.all([startS3StandIn('from'), startS3StandIn('to')]);
    cleanups.push(
      () => s3From.dispose(),
      () => s3To.dispose(),
    );
    const srcDir = tempDir('bucket-src');
    const dstDir = tempDir('bucket-dst');
    const outDir = tempDir('bucket-out');
    const from = createMediaStore({ DATA_DIR: srcDir, ...s3From.config });
    const to = createMediaStore({ DATA_DIR: dstDir, ...s3To.config });

    // The demo shop seeded with its artwork in the bucket (the writer the server passes).
    const source = open(undefined, srcDir);
    await source.migrate();
    await seedDemoStores(source.db, { artwork: artworkWriter(from) });
    await from.put(
      'products/urbanroll/0123456789abcdef-320/320.webp',
      Buffer.from('RIFF'),
      'image/webp',
    );
    await source.close();
    const objects = async (store: MediaStore) => {
      const out: Record<string, number> = {};
      for await (const o of store.list('')) out[o.key] = o.size;
      return out;
    };
    const inBucket = await objects(from);
    expect(Object.keys(inBucket).length).toBeGreaterThan(10);
    expect(existsSync(path.join(srcDir, 'uploads'))).toBe(false); // nothing on the disk

    const { file, manifest } = await backUpShop(
      { databaseUrl: undefined, dataDir: srcDir, media: from },
      outDir,
    );
    expect(manifest).toMatchObject({ media: 's3', uploads: Object.keys(inBucket).length });

    await restoreShop(file, { databaseUrl: undefined, dataDir: dstDir, media: to });
    expect(await objects(to)).toEqual(inBucket);
    const read = await to.get('products/urbanroll/0123456789abcdef-320/320.webp');
    expect(read?.size).toBe(4);
    read?.body.destroy();

    // A bucket that holds images is never written over.
    await expect(
      restoreShop(file, { databaseUrl: undefined, dataDir: tempDir('bucket-dst2'), media: to }),
    ).rejects.toThrow(/bucket .*not empty/);
  }, 180_000);
});
