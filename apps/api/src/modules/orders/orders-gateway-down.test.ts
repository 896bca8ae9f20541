import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** A stand-in of Razorpay's API that is down: every call answers 503. */
async function downGateway(): Promise<{ url: string; calls: () => number; server: Server }> {
  let calls = 0;
  const server = createServer((req, res) => {
    calls += 1;
    req.resume();
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'SERVER_ERROR', description: 'down' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls: () => calls, server };
}

describe.each(testDatabaseTargets())('placing while the gateway is down on %s', (target) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof downGateway>>;
  const mail = capturingEmail();
  beforeAll(async () => {
    gateway = await downGateway();
    t = await startTestApp(target, {
      adapters: { email: mail.sender },
      config: {
        PAYMENT_GATEWAY: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_down1234',
        RAZORPAY_KEY_SECRET: 'down-secret-0123456789',
        RAZORPAY_API_URL: gateway.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    gateway.server.close();
  });

  it('answers 503 and leaves nothing behind: no order, the stock untouched', async () => {
    const [p] = await simpleProducts(t);
    const stock = async () =>
      (await t.database.db.select().from(products).where(eq(products.id, p!.id)))[0]!.totalStock;
    const before = await stock();
    const u = await checkoutUser(t, mail);
    const addressId = await u.address('bandra');
    const res = await u.post<{ msg: string }>('/api/payment', {
      main_id: MAIN,
      cart_products: [lineOf(p!, 1)],
      billing_address: addressId,
      shipping_address: addressId,
      mobile: '9820012345',
      coupon_code: '',
      payment_mode: 'Pay now',
    });
    expect(res.status).toBe(503);
    expect(gateway.calls()).toBeGreaterThan(0);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, u.userId))).toEqual(
      [],
    );
    expect(await stock()).toBe(before);
  });
});
