import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_PAGE_SLUGS, QUOTE_STORE_ID } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { client, MAIN } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CONTENT_PATHS } from './content-pages.ts';

interface PageBody {
  data: { slug: string; title: string; description: string; html: string; updatedAt: string };
}

describe.each(testDatabaseTargets())('content pages on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves every seeded page of both demo stores, rendered from Markdown', async () => {
    expect(new Set(CONTENT_PAGE_SLUGS)).toEqual(CONTENT_PATHS);
    for (const store of [MAIN, QUOTE_STORE_ID]) {
      for (const slug of CONTENT_PAGE_SLUGS) {
        const res = await client(t).get<PageBody>(`/api/pages/${store}/${slug}`);
        expect(res.status, `${store}/${slug}`).toBe(200);
        expect(res.body.data.slug).toBe(slug);
        expect(res.body.data.title.length).toBeGreaterThan(3);
        expect(res.body.data.description.length).toBeGreaterThan(20);
        expect(res.body.data.html).toMatch(/<(h2|p)>/);
        expect(res.headers['cache-control']).toBe('public, max-age=60');
      }
    }
  });

  it('has the spec section 9 texts', async () => {
    const html = async (slug: string) =>
      (await client(t).get<PageBody>(`/api/pages/${MAIN}/${slug}`)).body.data.html;
    const rules = await html('rules-and-regulations');
    expect(rules).toContain('10th of each month');
    expect(rules).toContain('INR 200');
    expect(rules).toMatch(/guard set, a helmet and the club bodysuit are mandatory/);
    const refund = await html('refund-policy');
    expect(refund).toContain('within 48 hours of delivery');
    expect(refund).toContain('7 to 10 business days');
    const shipping = await html('shipping-and-delivery');
    expect(shipping).toContain('1-2 business days');
    expect(shipping).toContain('<td>7-10 days</td>');
    const centres = await html('centers');
    expect(centres.match(/<h2>/g)).toHaveLength(5);
    expect(
      centres.match(/https:\/\/www\.google\.com\/maps\/dir\/\?api=1&amp;destination=/g),
    ).toHaveLength(5);
    for (const c of ['Malad (E)', 'Goregaon (W)', 'Malad (W)', 'Andheri centre']) {
      expect(centres).toContain(c);
    }
    const about = await html('about');
    expect(about.match(/<blockquote>/g)).toHaveLength(3);
    for (const h of ['Our story', 'Our mission', 'Our vision', 'Our values']) {
      expect(about).toContain(`<h2>${h}</h2>`);
    }
  });

  it('answers 404 for a page the store does not have and 400 for a malformed slug', async () => {
    const missing = await client(t).get(`/api/pages/${MAIN}/careers`);
    expect(missing.status).toBe(404);
    expect(missing.body.field).toBe('slug');
    expect((await client(t).get(`/api/pages/no-such-store/about`)).status).toBe(404);
    const bad = await client(t).get(`/api/pages/${MAIN}/..%2Fetc`);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('slug');
  });

  it('serves each content and form page with its own head and the page in its first screen', async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'shop-web-content-'));
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>',
    );
    const w = await startTestApp(target, { config: { WEB_DIST_DIR: web } });
    try {
      const page = async (url: string) => {
        const res = await w.app.inject({ url });
        const title = /<title>(.*?)<\/title>/.exec(res.body)?.[1];
        const description = /<meta property="og:description" content="(.*?)"/.exec(res.body)?.[1];
        return { status: res.statusCode, title, description, body: res.body };
      };
      const refund = await page('/refund-policy');
      expect(refund.status).toBe(200);
      expect(refund.title).toBe('Refund Policy | Urban Roll');
      expect(refund.description).toContain('48 hours');
      expect(refund.body).toContain('<link rel="canonical" href="http://localhost');
      expect(refund.body).toContain('"/pages/urbanroll/refund-policy"');
      const titles = new Set<string | undefined>();
      for (const slug of CONTENT_PAGE_SLUGS) titles.add((await page(`/${slug}`)).title);
      expect(titles.size).toBe(CONTENT_PAGE_SLUGS.length);
      expect((await page('/contact')).title).toBe('Contact Us | Urban Roll');
      expect((await page('/contact')).body).toContain('"/help/single/urbanroll"');
      expect((await page('/enquiry-form')).title).toBe('Enquiry Form | Urban Roll');
      // Other pages keep the catalogue's head.
      expect((await page('/products')).title).not.toContain('Refund');
    } finally {
      await w.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
