import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, MediaImageResponse, ProductImagesResponse } from '@shop/contracts';
import { auditLog, products } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { createMediaStore, folderMediaStore } from '../adapters/media-store.ts';
import { jpegPhoto, pngPhoto, upload } from '../test-support/images.ts';
import { simpleBody } from '../test-support/products.ts';
import { startS3StandIn, type S3StandIn } from '../test-support/s3-stand-in.ts';
import { memberToken } from '../test-support/staff.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { securityHeaders } from './security-headers.ts';
import { UPLOADS_CSP, serveUploads } from './static-files.ts';

describe.each(testDatabaseTargets())('images in an S3 bucket (s3rver) on $name', (target) => {
  let s3: S3StandIn;
  let t: TestApp;
  let staff: string;
  let owner: string;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await startTestApp(target, { config: s3.config });
    staff = (await memberToken(t, 'staff')).token;
    owner = (await memberToken(t, 'owner')).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await s3.dispose();
  });

  const bucket = () => createMediaStore({ DATA_DIR: t.dataDir, ...s3.config });
  const keyOf = (url: string) => url.replace('/api/uploads/', '');
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });
  const newProduct = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${owner}` },
      payload: simpleBody({ image: '', gallery: [] }),
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ data: AdminProduct }>().data.product_id;
  };

  it('stores an upload in the bucket, not the folder, and serves it with the same headers', async () => {
    const res = await upload(t, '/api/admin/media/images', staff, [
      { name: 'logo.png', type: 'image/png', data: await pngPhoto(256, 256) },
    ]);
    expect(res.status).toBe(201);
    const { url } = (res.body as unknown as MediaImageResponse).data;
    const stored = await bucket().head(keyOf(url));
    expect(stored?.size).toBeGreaterThan(0);
    expect(await folderMediaStore(path.join(t.dataDir, 'uploads')).head(keyOf(url))).toBeNull();

    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['content-security-policy']).toBe(UPLOADS_CSP);
    expect(whole.headers['cache-control']).toBe('public, max-age=604800');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers.etag).toBe(stored?.etag);
    expect(Number(whole.headers['content-length'])).toBe(stored?.size);
    expect(whole.rawPayload.length).toBe(stored?.size);
    expect(whole.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    // One byte range, a suffix range, a range past the end.
    const part = await get(url, { range: 'bytes=0-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-11/${String(stored?.size)}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 12));
    const tail = await get(url, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(whole.rawPayload.length - 10));
    const past = await get(url, { range: `bytes=${String(stored?.size)}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${String(stored?.size)}`);

    // Conditional requests: the browser's revalidation after a week.
    const etag = String(whole.headers.etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    const lastModified = String(whole.headers['last-modified']);
    expect((await get(url, { 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await get(url, { 'if-modified-since': new Date(0).toUTCString() })).statusCode).toBe(
      200,
    );
    // If-Range: the range only while the client's copy is current.
    expect((await get(url, { range: 'bytes=0-3', 'if-range': etag })).statusCode).toBe(206);
    expect((await get(url, { range: 'bytes=0-3', 'if-range': '"old"' })).statusCode).toBe(200);

    const head = await get(url, {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored?.size));
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 for a missing object and for paths no store holds', async () => {
    const missing = await get('/api/uploads/products/urbanroll/0123456789abcdef-320/320.webp');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
    for (const p of ['/api/uploads/.hidden', '/api/uploads/a/%2e%2e/%2e%2e/secrets/auth-secret']) {
      expect((await get(p)).statusCode).toBe(404);
    }
  });

  it("a product's photo deleted through the admin leaves the bucket", async () => {
    const id = await newProduct();
    const res = await upload(t, `/api/admin/products/${id}/images`, staff, [
      { name: 'a.jpg', type: 'image/jpeg', data: await jpegPhoto(700, 500) },
    ]);
    expect(res.status).toBe(201);
    const [photo] = (res.body as unknown as ProductImagesResponse).data.images;
    expect((await get(photo!.url)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}/images?url=${encodeURIComponent(photo!.url)}`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(photo!.url)).statusCode).toBe(404);
    const left: string[] = [];
    for await (const o of bucket().list(keyOf(photo!.url).replace(/\/[^/]+$/, '/')))
      left.push(o.key);
    expect(left).toEqual([]);
  });

  it('a bucket that is down: 503, and no product photo row or object half written', async () => {
    const id = await newProduct();
    const keysBefore: string[] = [];
    for await (const o of bucket().list('products/')) keysBefore.push(o.key);
    const url = keysBefore[0] ? `/api/uploads/${keysBefore[0]}` : undefined;
    await s3.stop();
    try {
      const res = await upload(t, `/api/admin/products/${id}/images`, staff, [
        { name: 'a.jpg', type: 'image/jpeg', data: await jpegPhoto(1200, 800) },
      ]);
      expect(res.status).toBe(503);
      if (url) expect((await get(url)).statusCode).toBe(503);
      const media = await upload(t, '/api/admin/media/images', staff, [
        { name: 'logo.png', type: 'image/png', data: await pngPhoto(100, 100) },
      ]);
      expect(media.status).toBe(503);
    } finally {
      await s3.start();
    }
    const [row] = await t.database.db
      .select({ image: products.image, gallery: products.gallery })
      .from(products)
      .where(eq(products.id, id));
    expect(row).toEqual({ image: '', gallery: [] });
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, id));
    expect(audits.map((a) => a.action)).not.toContain('product.images.add');
    const keysAfter: string[] = [];
    for await (const o of bucket().list('products/')) keysAfter.push(o.key);
    expect(keysAfter.sort()).toEqual(keysBefore.sort());
  });
});

describe('MEDIA_PUBLIC_URL', () => {
  it('redirects /api/uploads/<key> to the CDN, keeping the stored URLs', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-media-url-'));
    const app = Fastify();
    try {
      await serveUploads(app, {
        uploadsDir: path.join(dir, 'uploads'),
        publicUrl: 'https://media.example.in/shop',
      });
      const res = await app.inject('/api/uploads/products/urbanroll/0123456789abcdef-320/320.webp');
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe(
        'https://media.example.in/shop/products/urbanroll/0123456789abcdef-320/320.webp',
      );
      expect((await app.inject('/api/uploads/../x')).statusCode).toBe(404);
      // The shop's pages may show images from there.
      const shop = Fastify();
      await shop.register(securityHeaders, {
        googleSignIn: false,
        mediaOrigin: 'https://media.example.in',
      });
      shop.get('/', () => 'ok');
      const page = await shop.inject('/');
      expect(String(page.headers['content-security-policy'])).toMatch(
        /img-src 'self' data: https:\/\/media\.example\.in/,
      );
      await shop.close();
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
