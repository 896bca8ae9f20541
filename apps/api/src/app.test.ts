import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@shop/db';
import { productPath } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from './test-support/test-app.ts';

describe('serving pages and unknown paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A stand-in web build, so the page fallback can be seen without building the web app.
    const web = path.join(process.env.TMPDIR ?? '/tmp', `shop-web-${process.pid}`);
    mkdirSync(web, { recursive: true });
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head><title>shop</title><meta name="description" content="Default" /></head><body></body></html>',
    );
    writeFileSync(
      path.join(web, 'admin.html'),
      '<!doctype html><html><head><title>admin</title></head><body><div id="admin-root"></div></body></html>',
    );
    // The admin's entry and its dashboard chunk, so /admin can preload the dashboard.
    mkdirSync(path.join(web, '.vite'), { recursive: true });
    writeFileSync(
      path.join(web, '.vite', 'manifest.json'),
      JSON.stringify({
        'admin.html': { file: 'assets/admin-1.js', isEntry: true, imports: ['_shared-1.js'] },
        '_shared-1.js': { file: 'assets/shared-1.js' },
        'src/admin/dashboard/dashboard-page.tsx': {
          file: 'assets/dashboard-page-1.js',
          imports: ['admin.html', '_shared-1.js'],
        },
      }),
    );
    t = await startTestApp(testDatabaseTargets()[0]!, {
      config: { WEB_DIST_DIR: web },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /admin and every path under it with the admin app, kept out of search engines', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders', '/admin/orders/123?tab=items']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>admin</title>');
      expect(res.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const shop = await t.app.inject({ url: '/category-detail/hoodies' });
    expect(shop.body).not.toContain('admin-root');
    expect(shop.headers['x-robots-tag']).toBeUndefined();
    // An /api/admin path is never the page.
    expect((await t.app.inject({ url: '/api/admin/nothing' })).statusCode).toBe(404);
  });

  it("preloads the dashboard's script with /admin only (the landing page)", async () => {
    const link = '<link rel="modulepreload" crossorigin href="/assets/dashboard-page-1.js" />';
    for (const url of ['/admin', '/admin/', '/admin?from=mail']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain(link);
      // The entry's own chunks load with it already.
      expect(res.body, url).not.toContain('shared-1.js');
    }
    expect((await t.app.inject({ url: '/admin/orders' })).body).not.toContain('modulepreload');
  });

  it('answers client-side routes with the web app', async () => {
    const res = await t.app.inject({ url: '/category-detail/hoodies' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers a page URL with broken percent-encoding with the web app, not an error', async () => {
    const res = await t.app.inject({ url: '/product/%%%/!!!' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>shop</title>');
  });

  it('answers unknown and malformed API paths with JSON errors', async () => {
    const unknown = await t.app.inject({ url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ isError: true });
    const malformed = await t.app.inject({ url: '/api/grouped-product/single/%E0%A4%A' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toMatchObject({ isError: true });
  });

  it('gives a product page its title, description, Open Graph tags and Product JSON-LD', async () => {
    const [row] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, 'urbanroll'), eq(products.status, 'Active')))
      .limit(1);
    const res = await t.app.inject({ url: productPath(row!.title, row!.id) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${row!.title} | Urban Roll</title>`);
    expect(res.body).toContain('<meta property="og:type" content="product" />');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({
      '@type': 'Product',
      name: row!.title,
      sku: row!.sku,
      offers: { priceCurrency: 'INR' },
    });
  });

  it('answers an unknown or malformed product page with status 404 and the app', async () => {
    const unknown = await t.app.inject({
      url: productPath('Nothing', '00000000-0000-4000-8000-000000000000'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<title>shop</title>');
    const malformed = await t.app.inject({ url: '/product/abc/%%%' });
    expect(malformed.statusCode).toBe(404);
  });

  it('gives a category page its title', async () => {
    const res = await t.app.inject({ url: '/category-detail/HOODIES' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Hoodies | Urban Roll</title>');
    expect((await t.app.inject({ url: '/category-detail/clearance' })).statusCode).toBe(404);
  });

  it("gives every other page the store's own title and description", async () => {
    const res = await t.app.inject({ url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<title>Urban Roll – Skates, Streetwear &amp; Skating Academy in Mumbai</title>',
    );
    expect(res.body).not.toContain('content="Default"');
  });

  it('compresses API answers for clients that accept it', async () => {
    const res = await t.app.inject({
      url: '/api/grouped-product/search-all-products/urbanroll',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ url: '/api/grouped-product/search-all-products/urbanroll' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('does not answer a page for other methods', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/products' });
    expect(res.statusCode).toBe(404);
  });
});
