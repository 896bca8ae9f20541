import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from './test-support/test-app.ts';

describe('serving pages and unknown paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A stand-in web build, so the page fallback can be seen without building the web app.
    const web = path.join(process.env.TMPDIR ?? '/tmp', `shop-web-${process.pid}`);
    mkdirSync(web, { recursive: true });
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>shop</title>');
    t = await startTestApp(testDatabaseTargets()[0]!, {
      seed: false,
      config: { WEB_DIST_DIR: web },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers client-side routes with the web app', async () => {
    const res = await t.app.inject({ url: '/category-detail/hoodies' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers a page URL with broken percent-encoding with the web app, not an error', async () => {
    const res = await t.app.inject({ url: '/product/%%%/!!!' });
    expect(res.statusCode).toBe(200);
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

  it('does not answer a page for other methods', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/products' });
    expect(res.statusCode).toBe(404);
  });
});
