import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import { loadConfig } from '../config/config.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { STORE_META_NAME } from './page-html.ts';
import { storeChoice } from './store-of-request.ts';

const target = testDatabaseTargets()[0]!;

/** The store a served page names (the meta element the web app reads). */
const storeOfPage = (html: string) =>
  new RegExp(`<meta name="${STORE_META_NAME}" content="([^"]*)" />`).exec(html)?.[1];

/** The API paths of a page's first screen. */
const firstScreenPaths = (html: string) =>
  Object.keys(
    JSON.parse(/id="first-screen-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as object,
  );

const SHOP = 'shop.example.in';
const TEAM = 'team.example.in';

describe('each store’s public origin (links in pages and emails)', () => {
  it('is PUBLIC_URL for STORE_ID’s store and the first listed host for any other', () => {
    const { publicOriginOf, storeIds } = storeChoice(
      loadConfig({
        STORE_ID: 'urbanroll',
        PUBLIC_URL: 'https://www.urbanroll.in',
        STORE_HOSTS:
          'urbanroll=shop.example.in,threadline=team.example.in,threadline=www.team.example.in,demo=http://localhost:3001',
      }),
    );
    expect(publicOriginOf('urbanroll')).toBe('https://www.urbanroll.in');
    expect(publicOriginOf('threadline')).toBe('https://team.example.in');
    expect(publicOriginOf('demo')).toBe('http://localhost:3001');
    expect(storeIds).toEqual(['urbanroll', 'threadline', 'demo']);
  });
});

describe('one server, two stores by host (STORE_HOSTS)', () => {
  let t: TestApp;
  let web: string;
  const productPages: Record<string, string> = {};
  beforeAll(async () => {
    web = mkdtempSync(path.join(tmpdir(), 'shop-web-hosts-'));
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(web, 'admin.html'),
      '<!doctype html><html><head><title>admin</title></head><body><div id="root"></div></body></html>',
    );
    t = await startTestApp(target, {
      config: {
        WEB_DIST_DIR: web,
        STORE_ID: 'urbanroll',
        PUBLIC_URL: `https://${SHOP}`,
        STORE_HOSTS: loadConfig({ STORE_HOSTS: `urbanroll=${SHOP},threadline=${TEAM}` })
          .STORE_HOSTS,
      },
    });
    for (const store of ['urbanroll', 'threadline']) {
      const list = (
        await t.app.inject({ url: `/api/grouped-product/search-all-products/${store}?limit=1` })
      ).json<{ data: { product_id: string; title: string }[] }>();
      productPages[store] = productPath(list.data[0]!.title, list.data[0]!.product_id);
    }
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, host: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { host, ...headers } });

  it('writes the host’s store into the home page, with its own first screen', async () => {
    const shop = await get('/', SHOP);
    const team = await get('/', TEAM);
    expect(shop.statusCode).toBe(200);
    expect(team.statusCode).toBe(200);
    expect(storeOfPage(shop.body)).toBe('urbanroll');
    expect(storeOfPage(team.body)).toBe('threadline');
    expect(firstScreenPaths(shop.body)).toContain('/meta/urbanroll');
    expect(firstScreenPaths(team.body)).toContain('/meta/threadline');
    expect(firstScreenPaths(team.body).some((p) => p.includes('urbanroll'))).toBe(false);
    // Each page is titled by its own store, not by the build.
    for (const [page, store] of [
      [shop, 'urbanroll'],
      [team, 'threadline'],
    ] as const) {
      const meta = (await t.app.inject({ url: `/api/meta/${store}` })).json<{
        data: { title: string };
      }>();
      expect(page.body).toContain(`<title>${meta.data.title.replaceAll('&', '&amp;')}</title>`);
    }
    // HTML that depends on the host is never reused from a cache without asking.
    expect(team.headers['cache-control']).toBe('no-cache');
  });

  it('writes it into the admin’s pages', async () => {
    for (const url of ['/admin', '/admin/products']) {
      const shop = await get(url, SHOP);
      const team = await get(url, `${TEAM}:443`);
      expect(shop.statusCode).toBe(200);
      expect(storeOfPage(shop.body)).toBe('urbanroll');
      expect(storeOfPage(team.body)).toBe('threadline');
      expect(team.headers['cache-control']).toBe('no-cache');
    }
  });

  it('draws product and category pages of the host’s store, canonical on that host', async () => {
    const team = await get(productPages.threadline!, TEAM);
    expect(team.statusCode).toBe(200);
    expect(storeOfPage(team.body)).toBe('threadline');
    expect(team.body).toContain(
      `<link rel="canonical" href="https://${TEAM}${productPages.threadline}" />`,
    );
    const shop = await get(productPages.urbanroll!, SHOP);
    expect(shop.body).toContain(
      `<link rel="canonical" href="https://${SHOP}${productPages.urbanroll}" />`,
    );
    // A category page is the host's store's: threadline's category there, not on urbanroll's host.
    const category = await get('/category-detail/sports-jerseys', TEAM);
    expect(category.statusCode).toBe(200);
    expect(storeOfPage(category.body)).toBe('threadline');
    expect(firstScreenPaths(category.body).join(' ')).toContain('/threadline');
    expect(category.body).toContain(
      `<link rel="canonical" href="https://${TEAM}/category-detail/sports-jerseys" />`,
    );
    expect((await get('/category-detail/sports-jerseys', SHOP)).statusCode).toBe(404);
    expect((await get('/category-detail/hoodies', SHOP)).statusCode).toBe(200);
    // A page that names nothing is a 404 in the host's store's shell.
    const missing = await get('/category-detail/no-such-category', TEAM);
    expect(missing.statusCode).toBe(404);
    expect(storeOfPage(missing.body)).toBe('threadline');
  });

  it('gives a host it does not list STORE_ID’s store, also on unknown pages', async () => {
    const other = await get('/no-such-page', 'other.example.in');
    // A path with no page answers 404 with the app (its not-found page), of STORE_ID's store.
    expect(other.statusCode).toBe(404);
    expect(storeOfPage(other.body)).toBe('urbanroll');
    expect((await get('/api/health', TEAM)).json()).toMatchObject({ storeId: 'threadline' });
    expect((await get('/api/health', 'other.example.in')).json()).toMatchObject({
      storeId: 'urbanroll',
    });
  });

  it('never sends a page as a file without its store', async () => {
    for (const url of ['/index.html', '/admin.html']) {
      const res = await get(url, TEAM);
      expect(storeOfPage(res.body), url).toBe('threadline');
    }
  });

  it('believes X-Forwarded-Host only from a trusted proxy (TRUST_PROXY unset here)', async () => {
    const forged = await get('/', SHOP, { 'x-forwarded-host': TEAM });
    expect(storeOfPage(forged.body)).toBe('urbanroll');
  });
});

describe('behind a trusted proxy', () => {
  it('takes the store from X-Forwarded-Host', async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'shop-web-hosts-proxy-'));
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head><title>shop</title></head><body></body></html>',
    );
    const t = await startTestApp(target, {
      config: {
        WEB_DIST_DIR: web,
        TRUST_PROXY: 1,
        STORE_HOSTS: loadConfig({ STORE_HOSTS: `threadline=${TEAM}` }).STORE_HOSTS,
      },
    });
    try {
      const res = await t.app.inject({
        url: '/',
        headers: { host: 'internal:3000', 'x-forwarded-host': TEAM },
      });
      expect(storeOfPage(res.body)).toBe('threadline');
      const direct = await t.app.inject({ url: '/', headers: { host: 'internal:3000' } });
      expect(storeOfPage(direct.body)).toBe('urbanroll');
    } finally {
      await t.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});

describe('a single store (STORE_HOSTS unset)', () => {
  it('names STORE_ID’s store on every host', async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'shop-web-one-store-'));
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head><title>shop</title></head><body></body></html>',
    );
    const t = await startTestApp(target, {
      config: { WEB_DIST_DIR: web, STORE_ID: 'threadline' },
    });
    try {
      for (const host of [SHOP, TEAM, 'localhost']) {
        const res = await t.app.inject({ url: '/', headers: { host } });
        expect(storeOfPage(res.body)).toBe('threadline');
      }
    } finally {
      await t.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
