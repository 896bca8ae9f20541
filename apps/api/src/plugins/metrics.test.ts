import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, MAIN } from '../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const target = testDatabaseTargets()[0]!;

describe('metrics', () => {
  let on: TestApp;
  const mail = capturingEmail();
  let off: TestApp;
  beforeAll(async () => {
    on = await startTestApp(target, {
      config: { METRICS_TOKEN: TOKEN },
      adapters: { email: mail.sender, paymentWebhooks: null },
    });
    off = await startTestApp(target, { seed: false });
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  const scrape = (t: TestApp, authorization?: string) =>
    t.app.inject({
      url: '/api/metrics',
      ...(authorization !== undefined && { headers: { authorization } }),
    });

  it('has no metrics route unless METRICS_TOKEN is set', async () => {
    expect((await scrape(off, `Bearer ${TOKEN}`)).statusCode).toBe(404);
  });

  it('answers only the bearer of the token', async () => {
    expect((await scrape(on)).statusCode).toBe(401);
    expect((await scrape(on, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(on, TOKEN)).statusCode).toBe(401);
    const res = await scrape(on, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('reports the shop-wide order figures from the database', async () => {
    const body = (await scrape(on, `Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/^shop_stock_holds_released \d+$/m);
    expect(body).toMatch(/^shop_payment_events_unprocessed \d+$/m);
    // No order yet in this shop: the gauge has no series rather than a made-up one.
    expect(body).not.toMatch(/^shop_orders\{/m);
    const u = await checkoutUser(on, mail);
    const addressId = await u.address('bandra');
    const [goods] = await simpleProducts(on);
    const placed = await u.post('/api/payment', {
      main_id: MAIN,
      cart_products: [lineOf(goods!)],
      billing_address: addressId,
      shipping_address: addressId,
      mobile: '9820012345',
      coupon_code: '',
      payment_mode: 'Pay now',
    });
    expect(placed.status).toBe(200);
    expect((await scrape(on, `Bearer ${TOKEN}`)).body).toMatch(
      /^shop_orders\{payment_status="Pending",order_status="Pending"\} 1$/m,
    );
  });

  it('times answers by route pattern and status, and counts catalogue cache hits', async () => {
    const before = await scrape(on, `Bearer ${TOKEN}`);
    const hits = (body: string) =>
      Number(/^shop_catalogue_cache_hits_total (\d+)/m.exec(body)?.[1] ?? NaN);
    for (let i = 0; i < 3; i++) {
      expect((await on.app.inject({ url: '/api/slider/all/urbanroll' })).statusCode).toBe(200);
    }
    await on.app.inject({ url: '/api/no-such-route/42' });
    const after = (await scrape(on, `Bearer ${TOKEN}`)).body;
    expect(after).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/slider\/all\/:storeId",status_code="200"\} 3$/m,
    );
    expect(after).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1$/m,
    );
    expect(after).not.toContain('no-such-route');
    expect(hits(after) - hits(before.body)).toBeGreaterThanOrEqual(2);
  });
});
