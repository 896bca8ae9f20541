import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { layoutAnnouncement } from './catalogue-first-screen.ts';

/** The JSON block of a served page, parsed. */
function firstScreenOf(html: string): Record<string, unknown> | undefined {
  const json = /<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s.exec(
    html,
  )?.[1];
  return json === undefined ? undefined : (JSON.parse(json) as Record<string, unknown>);
}

describe('pages served with their first screen', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    // A stand-in web build with a manifest, so the page's route script can be preloaded.
    web = mkdtempSync(path.join(tmpdir(), 'shop-web-first-screen-'));
    mkdirSync(path.join(web, '.vite'));
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head><title>shop</title></head><body><div id="root"><p class="min-h-5 truncate"><!--announcement--></p></div></body></html>',
    );
    writeFileSync(
      path.join(web, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
        '_shared-1.js': { file: 'assets/shared-1.js' },
        '_card-1.js': { file: 'assets/card-1.js', imports: ['_shared-1.js'] },
        'src/app/routes/home-page.tsx': {
          file: 'assets/home-page-1.js',
          imports: ['index.html', '_shared-1.js', '_card-1.js'],
        },
        'src/app/routes/cart-page.tsx': {
          file: 'assets/cart-page-1.js',
          imports: ['index.html', '_shared-1.js', '_card-1.js'],
        },
      }),
    );
    t = await startTestApp(testDatabaseTargets()[0]!, { config: { WEB_DIST_DIR: web } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  const api = async (url: string) => (await t.app.inject({ url: `/api${url}` })).json<unknown>();

  it('answers / with exactly the API answers the home page reads, its hero image and script', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const answers = firstScreenOf(res.body)!;
    const list =
      '/grouped-product/search-all-products/urbanroll?page=1&limit=20&sort=recommended&courses=exclude';
    expect(Object.keys(answers).sort()).toEqual(
      [
        '/meta/urbanroll',
        '/marquee/all/urbanroll',
        '/button/urbanroll',
        '/slider/all/urbanroll',
        '/newarrival/all/urbanroll',
        list,
        '/offer/all/urbanroll',
        '/category/getdata/category/urbanroll',
      ].sort(),
    );
    for (const [url, answer] of Object.entries(answers)) expect(answer).toEqual(await api(url));
    const sliders = (await api('/slider/all/urbanroll')) as { data: { image: string }[] };
    expect(res.body).toContain(
      `<link rel="preload" as="image" href="${sliders.data[0]!.image}" fetchpriority="high" />`,
    );
    // The route chunk and what it imports beyond the entry's own files.
    expect(res.body).toContain('href="/assets/home-page-1.js"');
    expect(res.body).toContain('href="/assets/card-1.js"');
    expect(res.body).not.toContain('href="/assets/shared-1.js"');
  });

  it('answers a sorted or searched listing with that first page', async () => {
    const sorted = firstScreenOf((await t.app.inject({ url: '/products?sort=popular' })).body)!;
    const popular =
      '/grouped-product/search-all-products/urbanroll?page=1&limit=10&sort=popular&courses=exclude';
    expect(sorted[popular]).toEqual(await api(popular));
    const searched = firstScreenOf((await t.app.inject({ url: '/product?search=hoodie' })).body)!;
    const search =
      '/grouped-product/search-all-products/urbanroll?page=1&limit=10&sort=recommended&courses=include&search=hoodie';
    expect(searched[search]).toEqual(await api(search));
  });

  it('answers a product page with the product and preloads its image', async () => {
    const list = (await api('/grouped-product/search-all-products/urbanroll?limit=1')) as {
      data: { product_id: string; title: string; image: string }[];
    };
    const p = list.data[0]!;
    const res = await t.app.inject({ url: productPath(p.title, p.product_id) });
    const single = `/grouped-product/single/${p.product_id}`;
    expect(firstScreenOf(res.body)![single]).toEqual(await api(single));
    expect(res.body).toContain(`<link rel="preload" as="image" href="${p.image}"`);
  });

  it("answers the cart with the layout's reads and the payment buttons, and preloads its route script", async () => {
    const res = await t.app.inject({ url: '/cart' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(firstScreenOf(res.body)!).sort()).toEqual(
      [
        '/meta/urbanroll',
        '/marquee/all/urbanroll',
        '/button/urbanroll',
        '/category/getdata/category/urbanroll',
        '/paybutton/urbanroll',
      ].sort(),
    );
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/cart-page-1.js" />',
    );
    expect(res.body).toContain('href="/assets/card-1.js"');
    expect(res.body).not.toContain('rel="preload" as="image"');
  });

  it('answers checkout with the payment buttons and settings it waits for', async () => {
    const res = await t.app.inject({ url: '/checkout' });
    const screen = firstScreenOf(res.body)!;
    expect(screen['/paybutton/urbanroll']).toEqual(await api('/paybutton/urbanroll'));
    expect(screen['/pay-razorpay/urbanroll']).toEqual(await api('/pay-razorpay/urbanroll'));
  });

  it("draws the announcement bar's first text into the page's frame", async () => {
    const marquee = (await api('/marquee/all/urbanroll')) as { data: { heading: string }[] };
    const heading = marquee.data[0]!.heading;
    const res = await t.app.inject({ url: '/checkout' });
    expect(heading).not.toMatch(/[&<>"']/); // the seeded text needs no escaping
    expect(res.body).toContain(`<p class="min-h-5 truncate">${heading}</p>`);
  });

  it('sends no first screen with a not-found page or a page without one', async () => {
    const missing = await t.app.inject({
      url: productPath('Nothing', '00000000-0000-4000-8000-000000000000'),
    });
    expect(missing.statusCode).toBe(404);
    expect(firstScreenOf(missing.body)).toBeUndefined();
    expect(firstScreenOf((await t.app.inject({ url: '/perfumes' })).body)).toBeUndefined();
  });

  it('compresses the page for browsers that accept it', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('layoutAnnouncement', () => {
  const read = (data: unknown) => ({ '/marquee/all/s': JSON.stringify({ isError: false, data }) });

  it('is the first text, null for a shop with none, undefined when the marquee was not read', () => {
    expect(layoutAnnouncement('s', read([{ heading: 'Sale' }, { heading: 'More' }]))).toBe('Sale');
    expect(layoutAnnouncement('s', read([]))).toBeNull();
    expect(layoutAnnouncement('s', read([{ heading: '  ' }]))).toBeNull();
    expect(layoutAnnouncement('s', {})).toBeUndefined();
  });
});
