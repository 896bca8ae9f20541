import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { loadConfig } from '../config/config.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';

/** Everything the API explorer serves. */
const DOCS = [
  '/api/docs',
  '/api/docs/',
  '/api/docs/json',
  '/api/docs/yaml',
  '/api/docs/static/swagger-ui.css',
];

describe('API_DOCS', () => {
  it('is on in the demo and off in a real shop, unless set', () => {
    expect(loadConfig({}).API_DOCS).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'true' }).API_DOCS).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).API_DOCS).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false', API_DOCS: '' }).API_DOCS).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false', API_DOCS: 'true' }).API_DOCS).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).API_DOCS).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});

/**
 * Issue 58 item 9: a real shop (SEED_DEMO=false) does not publish its API explorer; the demo
 * does. The OpenAPI document is still built from the routes (`app.swagger()`) either way.
 */
describe.each(testDatabaseTargets())('the API explorer on $name', (target) => {
  let real: TestApp;
  let demo: TestApp;

  beforeAll(async () => {
    const shop = loadConfig({ SEED_DEMO: 'false' });
    real = await startTestApp(target, {
      config: { SEED_DEMO: shop.SEED_DEMO, API_DOCS: shop.API_DOCS },
    });
    demo = await startTestApp(target, { config: { API_DOCS: loadConfig({}).API_DOCS } });
  });
  afterAll(async () => {
    await real?.close();
    await demo?.close();
  });

  it('answers 404 in a real shop', async () => {
    for (const url of DOCS) {
      const res = await real.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ isError: true });
    }
    // Built all the same, for the server's own use (the fuzz test reads it).
    const paths = Object.keys((real.app.swagger() as { paths: object }).paths);
    expect(paths).toContain('/api/coupon/check/{code}');
  });

  it('is served in the demo', async () => {
    for (const url of DOCS) {
      expect((await demo.app.inject({ url })).statusCode, url).toBe(200);
    }
    const page = await demo.app.inject({ url: '/api/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    const json = await demo.app.inject({ url: '/api/docs/json' });
    expect(Object.keys(json.json<{ paths: object }>().paths)).toContain('/api/coupon/check/{code}');
  });
});
