import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSummary } from '@shop/contracts';
import { coupons } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN, uniqueIp } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** The limits the test shop runs with (the shop's defaults, 20 and 20 in 10 minutes). */
const PER_IP = 20;
const PER_ACCOUNT = 20;
const TOO_MANY = /^Too many coupon codes tried\. Please try again in \d+ minutes?\.$/;

/**
 * Issue 58 item 8: 200 guesses at GET /coupon/check in a second found a private 100% code. Codes
 * checked are limited per IP address and per account; codes the store has no coupon of, sent
 * with checkout's summary or an order, count against the account's limit too.
 */
describe.each(testDatabaseTargets())('coupon codes cannot be guessed on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let goods: Awaited<ReturnType<typeof simpleProducts>>;

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { COUPON_CHECK_LIMIT_PER_IP: PER_IP, COUPON_CHECK_LIMIT_PER_ACCOUNT: PER_ACCOUNT },
    });
    goods = await simpleProducts(t);
    // The private code a guesser hopes for.
    await t.database.db.insert(coupons).values({
      storeId: MAIN,
      code: 'FREEBIE100',
      percentageOffer: 100,
      minimumSaleTotalPaise: 0,
      active: true,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const check = (ip: string, code: string, token?: string) =>
    client(t, ip).get(`/api/coupon/check/${code}?user_id=${MAIN}&total=500`, token);
  const guess = (i: number) => `GUESS${String(i).padStart(4, '0')}`;
  const expectTooMany = (res: { status: number; body: object }) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ isError: true, msg: expect.stringMatching(TOO_MANY) });
    expect((res.body as { message: string }).message).toMatch(TOO_MANY);
  };

  it('answers one address 20 checks in 10 minutes, then 429 whatever the code; another address is served', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < PER_IP; i++) {
      const res = await check(ip, guess(i));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ isError: true, message: 'Invalid coupon' });
    }
    expectTooMany(await check(ip, guess(PER_IP)));
    // The 429 tells nothing: the real code is refused the same way.
    expectTooMany(await check(ip, 'FREEBIE100'));
    const other = await check(uniqueIp(), 'FREEBIE100');
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ isError: false });
  });

  it('limits a signed-in account that changes its address at every check', async () => {
    const u = await checkoutUser(t, mail);
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await check(uniqueIp(), guess(i), u.token)).status).toBe(200);
    }
    expectTooMany(await check(uniqueIp(), 'FREEBIE100', u.token));
    // Its checkout's summary and its orders cannot go on guessing either.
    const summary = await u.post('/api/payment/summary', {
      main_id: MAIN,
      cart_products: [lineOf(goods[0]!)],
      coupon_code: 'FREEBIE100',
      payment_mode: 'Pay now',
    });
    expectTooMany(summary);
    const addressId = await u.address('bandra');
    const placed = await u.post('/api/payment', {
      main_id: MAIN,
      cart_products: [lineOf(goods[0]!)],
      billing_address: addressId,
      shipping_address: { id: addressId },
      mobile: '+91 98200 12345',
      coupon_code: 'FREEBIE100',
      customer_note: '',
      payment_mode: 'Pay now',
      user_gstNo: '',
    });
    expectTooMany(placed);
    // A guest from a fresh address is still served.
    expect((await check(uniqueIp(), 'FREEBIE100')).status).toBe(200);
  });

  it("counts codes the store has none of in checkout's summary, never the applied code sent again", async () => {
    const u = await checkoutUser(t, mail);
    const summary = (code: string) =>
      u.post<PaymentSummary>('/api/payment/summary', {
        main_id: MAIN,
        cart_products: [lineOf(goods[0]!)],
        coupon_code: code,
        payment_mode: 'Pay now',
      });
    // A shopper's summary is asked again at every change, with the code applied.
    for (let i = 0; i < PER_ACCOUNT + 10; i++) {
      const res = await summary('WELCOME10');
      expect(res.status).toBe(200);
      expect(res.body.couponapplied).toBe(true);
    }
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await summary(guess(i));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ couponapplied: false, coupon_message: 'Invalid coupon' });
    }
    expectTooMany(await summary(guess(PER_ACCOUNT)));
    expectTooMany(await summary('FREEBIE100'));
    // No code, no coupon to guess: the summary goes on.
    expect((await summary('')).status).toBe(200);
  });
});
