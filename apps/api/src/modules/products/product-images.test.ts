import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, MediaImageResponse, ProductImagesResponse } from '@shop/contracts';
import { auditLog, products } from '@shop/db';
import { parseRenditions } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import {
  jpegPhoto,
  noisyPng,
  pngPhoto,
  SVG_WITH_SCRIPT,
  upload,
} from '../../test-support/images.ts';
import { simpleBody } from '../../test-support/products.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Images = ProductImagesResponse['data'];

describe.each(testDatabaseTargets())('product photos on $name', (target) => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  let otherStaff: string;

  beforeAll(async () => {
    // Small limits so the tests can pass them: 1 MB, 2 megapixels.
    t = await startTestApp(target, { config: { IMAGE_MAX_MB: 1, IMAGE_MAX_MEGAPIXELS: 2 } });
    staff = (await memberToken(t, 'staff')).token;
    owner = (await memberToken(t, 'owner')).token;
    otherStaff = (await memberToken(t, 'staff', 'threadline')).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const uploads = () => path.join(t.dataDir, 'uploads');
  const fileOf = (url: string) =>
    path.join(uploads(), ...url.replace('/api/uploads/', '').split('/'));
  const folderOf = (url: string) => path.dirname(fileOf(url));
  const json = async <T>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    body?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json<T & { msg?: string; field?: string }>() };
  };
  const newProduct = async () => {
    const res = await json<{ data: AdminProduct }>(
      'POST',
      '/api/admin/products',
      owner,
      simpleBody({ image: '', gallery: [] }),
    );
    expect(res.status).toBe(201);
    return res.body.data.product_id;
  };
  const productFolderFiles = async () => {
    const dir = path.join(uploads(), 'products', 'urbanroll');
    return existsSync(dir) ? (await readdir(dir, { recursive: true })).length : 0;
  };

  it('stores a JPEG and a PNG as upright WebP renditions without their metadata', async () => {
    const id = await newProduct();
    // 2000×1000 stored sideways (EXIF orientation 6): upright it is 1000 wide, 2000 high.
    const jpeg = await jpegPhoto(1600, 800, 6);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const png = await pngPhoto(500, 400);
    const res = await upload(t, `/api/admin/products/${id}/images`, staff, [
      { name: 'IMG_0001.jpg', type: 'image/jpeg', data: jpeg },
      { name: '../../../etc/passwd.png', type: 'image/png', data: png },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const images = (res.body as unknown as ProductImagesResponse).data.images;
    expect(images.map((i) => i.widths)).toEqual([
      [320, 640, 800],
      [320, 500],
    ]);
    expect(images[0]!.url).toMatch(
      /^\/api\/uploads\/products\/urbanroll\/[0-9a-f]{16}-320-640-800\/640\.webp$/,
    );
    expect(images[1]!.url).toMatch(/\/[0-9a-f]{16}-320-500\/500\.webp$/);

    for (const image of images) {
      for (const w of image.widths) {
        const file = path.join(folderOf(image.url), `${String(w)}.webp`);
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(w);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
      }
      // Only the renditions, with names the server chose.
      expect((await readdir(folderOf(image.url))).sort()).toEqual(
        image.widths.map((w) => `${String(w)}.webp`).sort(),
      );
    }
    // Turned upright: the sideways 1600×800 photo is 800 wide, 1600 high.
    const upright = await sharp(path.join(folderOf(images[0]!.url), '800.webp')).metadata();
    expect([upright.width, upright.height]).toEqual([800, 1600]);

    // The product shows the first as its main photo, the second in its gallery.
    const product = await json<{ data: AdminProduct }>('GET', `/api/admin/products/${id}`, owner);
    expect(product.body.data.image).toBe(images[0]!.url);
    expect(product.body.data.gallery).toEqual([images[1]!.url]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'product.images.add')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a text file named .jpg, an SVG with a script, a huge file and too many pixels', async () => {
    const id = await newProduct();
    const before = await productFolderFiles();
    const cases = [
      { name: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('just some text, not a photo') },
      { name: 'logo.svg', type: 'image/svg+xml', data: SVG_WITH_SCRIPT },
      { name: 'logo.png', type: 'image/png', data: SVG_WITH_SCRIPT },
      { name: 'big.png', type: 'image/png', data: await noisyPng(700, 700) },
      { name: 'wide.png', type: 'image/png', data: await pngPhoto(2000, 1200) },
      // A real JPEG header with the picture cut off: readable metadata, undecodable pixels.
      { name: 'cut.jpg', type: 'image/jpeg', data: (await jpegPhoto(900, 600)).subarray(0, 2000) },
    ];
    for (const file of cases) {
      const res = await upload(t, `/api/admin/products/${id}/images`, owner, [file]);
      expect(res.status, file.name).toBe(400);
      expect(res.body.field, file.name).toBe('images.0');
      // The message alone; the path is in `field` (issue 28 item 5).
      expect(res.body.msg, file.name).toMatch(
        /^(Not a photo we can read|The photo is too large|The photo has too many)/,
      );
    }
    // A good photo followed by a bad one: nothing is kept, no file is left behind.
    const mixed = await upload(t, `/api/admin/products/${id}/images`, owner, [
      { name: 'a.png', type: 'image/png', data: await pngPhoto() },
      { name: 'b.jpg', type: 'image/jpeg', data: Buffer.from('text') },
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.field).toBe('images.1');
    expect(await productFolderFiles()).toBe(before);
    const product = await json<{ data: AdminProduct }>('GET', `/api/admin/products/${id}`, owner);
    expect(product.body.data.image).toBe('');

    // Not multipart, or no file: a 400 naming the field.
    const plain = await json('POST', `/api/admin/products/${id}/images`, owner, {});
    expect([plain.status, plain.body.field]).toEqual([400, 'images']);
    const none = await upload(t, `/api/admin/products/${id}/images`, owner, []);
    expect([none.status, none.body.field]).toEqual([400, 'images']);
  });

  it('reorders the photos, makes one the main one and removes one with its files', async () => {
    const id = await newProduct();
    const res = await upload(t, `/api/admin/products/${id}/images`, owner, [
      { name: 'a.png', type: 'image/png', data: await pngPhoto(700, 700, '#111111') },
      { name: 'b.png', type: 'image/png', data: await pngPhoto(700, 700, '#eeeeee') },
      { name: 'c.png', type: 'image/png', data: await pngPhoto(700, 700, '#2563eb') },
    ]);
    const [a, b, c] = (res.body as unknown as ProductImagesResponse).data.images.map((i) => i.url);
    const url = `/api/admin/products/${id}/images`;

    const arranged = await json<{ data: Images }>('PATCH', url, staff, { images: [b, a, c] });
    expect(arranged.status).toBe(200);
    expect(arranged.body.data.images.map((i) => i.url)).toEqual([b, a, c]);
    const row = await t.database.db.select().from(products).where(eq(products.id, id));
    expect([row[0]!.image, row[0]!.gallery]).toEqual([b, [a, c]]);

    for (const bad of [
      [b, a],
      [b, a, c, c],
      [b, a, '/api/uploads/other.webp'],
    ]) {
      const r = await json('PATCH', url, staff, { images: bad });
      expect([r.status, r.body.field], JSON.stringify(bad)).toEqual([400, 'images']);
    }

    // A copy of the product shares the files: removing from the original keeps them.
    const copy = await json<{ data: AdminProduct }>(
      'POST',
      `/api/admin/products/${id}/duplicate`,
      owner,
    );
    expect(copy.status).toBe(201);
    const removedA = await json<{ data: Images }>(
      'DELETE',
      `${url}?url=${encodeURIComponent(a!)}`,
      owner,
    );
    expect(removedA.status).toBe(200);
    expect(removedA.body.data.images.map((i) => i.url)).toEqual([b, c]);
    expect(existsSync(folderOf(a!))).toBe(true);

    // Removing the main one makes the next the main one; unshared files are deleted.
    await json('DELETE', `/api/admin/products/${copy.body.data.product_id}`, owner);
    const removedB = await json<{ data: Images }>(
      'DELETE',
      `${url}?url=${encodeURIComponent(b!)}`,
      owner,
    );
    expect(removedB.body.data.images.map((i) => i.url)).toEqual([c]);
    expect(existsSync(folderOf(b!))).toBe(false);
    const again = await json('DELETE', `${url}?url=${encodeURIComponent(b!)}`, owner);
    expect([again.status, again.body.field]).toEqual([404, 'url']);

    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), like(auditLog.action, 'product.images.%')));
    expect(actions.map((x) => x.action).sort()).toEqual([
      'product.images.add',
      'product.images.arrange',
      'product.images.remove',
      'product.images.remove',
    ]);
  });

  it("answers 404 to another store's staff and leaves the product alone", async () => {
    const id = await newProduct();
    const res = await upload(t, `/api/admin/products/${id}/images`, owner, [
      { name: 'a.png', type: 'image/png', data: await pngPhoto() },
    ]);
    const [a] = (res.body as unknown as ProductImagesResponse).data.images.map((i) => i.url);
    const url = `/api/admin/products/${id}/images`;
    const before = await productFolderFiles();
    const theirs = await upload(t, url, otherStaff, [
      { name: 'b.png', type: 'image/png', data: await pngPhoto() },
    ]);
    expect(theirs.status).toBe(404);
    expect(await productFolderFiles()).toBe(before);
    expect((await json('GET', url, otherStaff)).status).toBe(404);
    expect((await json('PATCH', url, otherStaff, { images: [a] })).status).toBe(404);
    expect((await json('DELETE', `${url}?url=${encodeURIComponent(a!)}`, otherStaff)).status).toBe(
      404,
    );
    expect(existsSync(folderOf(a!))).toBe(true);
    const mine = await json<{ data: Images }>('GET', url, owner);
    expect(mine.body.data.images.map((i) => i.url)).toEqual([a]);
  });

  it('stores one image for content screens at /api/admin/media/images', async () => {
    const res = await upload(t, '/api/admin/media/images', staff, [
      { name: 'icon.png', type: 'image/png', data: await pngPhoto(256, 256) },
    ]);
    expect(res.status).toBe(201);
    const image = (res.body as unknown as MediaImageResponse).data;
    expect(image.url).toMatch(/^\/api\/uploads\/media\/urbanroll\/[0-9a-f]{16}-256\/256\.webp$/);
    expect(parseRenditions(image.url)?.widths).toEqual([256]);
    expect(existsSync(fileOf(image.url))).toBe(true);
    const two = await upload(t, '/api/admin/media/images', staff, [
      { name: 'a.png', type: 'image/png', data: await pngPhoto() },
      { name: 'b.png', type: 'image/png', data: await pngPhoto() },
    ]);
    expect(two.status).toBe(400);
    const svg = await upload(t, '/api/admin/media/images', staff, [
      { name: 'a.svg', type: 'image/svg+xml', data: SVG_WITH_SCRIPT },
    ]);
    expect([svg.status, svg.body.field]).toEqual([400, 'images.0']);
  });

  it('serves uploads with a fixed image type, nosniff and a sandboxing policy', async () => {
    const res = await upload(t, '/api/admin/media/images', staff, [
      { name: 'a.png', type: 'image/png', data: await pngPhoto() },
    ]);
    const url = (res.body as unknown as MediaImageResponse).data.url;
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(String(image.headers['content-security-policy'])).toMatch(/sandbox/);
    expect(String(image.headers['content-security-policy'])).toMatch(/default-src 'none'/);

    // A file that found its way into the uploads folder is never a page or a script.
    const dir = path.join(uploads(), 'stray');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'page.html'), '<script>alert(1)</script>');
    await writeFile(path.join(dir, 'code.js'), 'alert(1)');
    for (const name of ['page.html', 'code.js']) {
      const stray = await t.app.inject({ method: 'GET', url: `/api/uploads/stray/${name}` });
      expect(stray.statusCode).toBe(200);
      expect(stray.headers['content-type'], name).toBe('application/octet-stream');
      expect(stray.headers['content-disposition'], name).toBe('attachment');
      expect(stray.headers['x-content-type-options']).toBe('nosniff');
      expect(String(stray.headers['content-security-policy'])).toMatch(/sandbox/);
    }
    // The seed's SVG artwork stays an image, sandboxed.
    const [seeded] = await t.database.db
      .select({ image: products.image })
      .from(products)
      .where(like(products.image, '%.svg'))
      .limit(1);
    const svg = await t.app.inject({ method: 'GET', url: seeded!.image });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(String(svg.headers['content-security-policy'])).toMatch(/sandbox/);
  });
});
