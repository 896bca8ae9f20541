import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@shop/db';
import { base64ProductPath, productKey, productPath } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';

/** Issue 59 item 7: readable product addresses, old ones moved there, unknown ones a 404. */
describe('page addresses', () => {
  let t: TestApp;
  let product: { id: string; title: string };
  beforeAll(async () => {
    // A stand-in web build: the page shell answers pages only when there is one.
    const web = path.join(process.env.TMPDIR ?? '/tmp', `shop-web-addresses-${process.pid}`);
    mkdirSync(web, { recursive: true });
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>',
    );
    t = await startTestApp(testDatabaseTargets()[0]!, { config: { WEB_DIST_DIR: web } });
    const [row] = await t.database.db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.storeId, 'urbanroll'), eq(products.status, 'Active')))
      .limit(1);
    product = row!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a product at its readable address, which its canonical and og:url name', async () => {
    const own = productPath(product.title, product.id);
    expect(own).toMatch(/^\/p\/[a-z0-9-]+\/[0-9a-z]{25}$/);
    const res = await t.app.inject({ url: own });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${product.title} | Urban Roll</title>`);
    const origin = t.app.publicOriginOf('urbanroll');
    expect(res.body).toContain(`<link rel="canonical" href="${origin}${own}" />`);
    expect(res.body).toContain(`<meta property="og:url" content="${origin}${own}" />`);
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(res.body)?.[1];
    expect((JSON.parse(ld!) as { offers: { url: string } }).offers.url).toBe(`${origin}${own}`);
  });

  it('moves the old base64 address there with a 301, keeping the query', async () => {
    const res = await t.app.inject({
      url: `${base64ProductPath(product.title, product.id)}?ref=whatsapp`,
    });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${productPath(product.title, product.id)}?ref=whatsapp`);
  });

  it('moves an old address with a stale title, and a stale slug, to the current title', async () => {
    const own = productPath(product.title, product.id);
    for (const url of [
      base64ProductPath('An old name', product.id),
      `/p/an-old-name/${productKey(product.id)}`,
      `/p/x/${productKey(product.id).toUpperCase()}`,
      `${own}/`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(own);
    }
  });

  it('answers a product address that names no product with 404 and the app', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      productPath('Nothing', missing),
      base64ProductPath('Nothing', missing),
      '/p/tee/not-a-key',
      '/product/abc/%%%',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers a path the app has no page for with 404 and the app (its not-found page)', async () => {
    for (const url of ['/no-such-page', '/cart/extra', '/category-detail', '/wp-login.php?x=1']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('name="shop-store-id" content="urbanroll"');
    }
  });

  it("keeps answering the app's own pages with 200", async () => {
    for (const url of ['/', '/products', '/cart', '/checkout', '/login?next=%2Fcart', '/about']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
    // The admin and the API keep their own answers.
    expect((await t.app.inject({ url: '/api/no-such-thing' })).json()).toMatchObject({
      isError: true,
    });
  });
});
