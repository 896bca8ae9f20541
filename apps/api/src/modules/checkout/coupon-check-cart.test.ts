import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import {
  checkoutUser,
  lineOf,
  simpleProducts,
  type CheckoutUser,
} from '../../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Issue 59 item 8: the spec's own `coupon/check/{code}?user_id=` call sends no total. A coupon
 * with a minimum spend is checked against the signed-in shopper's cart as the server prices it.
 */
describe.each(testDatabaseTargets())('coupon check without a total on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let goods: Awaited<ReturnType<typeof simpleProducts>>;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
    goods = await simpleProducts(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** FLAT200 (seeded): ₹200 off from a ₹1,499 sale. */
  const check = (token?: string, query = '') =>
    client(t).get<{ isError: boolean; message: string; couponData: unknown }>(
      `/api/coupon/check/FLAT200?user_id=${MAIN}${query}`,
      token,
    );
  const unitOf = (p: (typeof goods)[number]) =>
    p.discountPricePaise > 0 && p.discountPricePaise < p.originalPricePaise
      ? p.discountPricePaise
      : p.originalPricePaise;
  /** A shopper whose cart holds `paise` or a little more of one product. */
  const withCart = async (atLeastPaise: number) => {
    const u = await checkoutUser(t, mail);
    const p = goods.find((g) => unitOf(g) > 0 && unitOf(g) * 5 >= atLeastPaise)!;
    const quantity = Math.max(1, Math.ceil(atLeastPaise / unitOf(p)));
    const added = await u.post('/api/cart', {
      ...lineOf(p, quantity),
      user_id: u.userId,
      main_id: MAIN,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return { u, totalPaise: unitOf(p) * quantity };
  };
  const smallCart = async () => {
    const u = await checkoutUser(t, mail);
    const p = [...goods].filter((g) => unitOf(g) > 0).sort((a, b) => unitOf(a) - unitOf(b))[0]!;
    expect(unitOf(p)).toBeLessThan(149_900);
    await u.post('/api/cart', { ...lineOf(p), user_id: u.userId, main_id: MAIN });
    return { u, totalPaise: unitOf(p) };
  };

  it("a signed-in shopper's cart over the minimum: applied, with the coupon's data", async () => {
    const { u } = await withCart(149_900);
    const res = await check(u.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isError: false, message: 'Coupon applied successfully' });
    expect(res.body.couponData).toMatchObject({ coupon_code: 'FLAT200', minimum_sale_total: 1499 });
  });

  it('a cart under the minimum: how much more to add, priced from the cart', async () => {
    const { u, totalPaise } = await smallCart();
    const res = await check(u.token);
    expect(res.body).toMatchObject({ isError: true, couponData: null });
    expect(res.body.message).toMatch(/^Add ₹.* more to use this coupon/);
    // The same answer as the cart's total sent by the client.
    const sent = await check(u.token, `&total=${String(totalPaise / 100)}`);
    expect(res.body).toEqual(sent.body);
  });

  it('a total sent is checked as sent (the cart is not read), and a guest has no cart', async () => {
    const { u } = await withCart(149_900);
    expect((await check(u.token, '&total=100')).body).toMatchObject({ isError: true });
    const guest = await check(undefined);
    expect(guest.body).toMatchObject({ isError: true, couponData: null });
  });

  it("another shopper's cart never counts: each is priced from their own", async () => {
    await withCart(149_900);
    const empty: CheckoutUser = await checkoutUser(t, mail);
    expect((await check(empty.token)).body).toMatchObject({ isError: true, couponData: null });
  });
});
