import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, type PaymentSummary } from '@shop/contracts';
import { postgresTestTarget } from '@shop/db/testing';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../../test-support/checkout.ts';
import { startSecondProcess } from '../../test-support/second-process.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const CHECK_MS = 300;
// Both processes sign and read the same tokens.
const SECRET = randomBytes(32).toString('hex');
const postgres = postgresTestTarget();

/**
 * A band written through one API process reaches checkout of
 * another process on the same database within CATALOGUE_CACHE_CHECK_MS (the checkout-version and
 * catalogue-version triggers, decisions 0002 and 0013).
 */
describe('admin delivery writes reach another API process', () => {
  let admin: TestApp;
  let other: Awaited<ReturnType<typeof startSecondProcess>>;
  let owner: string;
  const mail = capturingEmail();

  beforeAll(async () => {
    admin = await startTestApp(postgres, {
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { AUTH_SECRET: SECRET, CATALOGUE_CACHE_CHECK_MS: CHECK_MS },
    });
    other = await startSecondProcess(admin, {
      AUTH_SECRET: SECRET,
      CATALOGUE_CACHE_CHECK_MS: CHECK_MS,
      PAYMENT_GATEWAY: 'sandbox',
    });
    owner = (await memberToken(admin, 'owner')).token;
  });
  afterAll(async () => {
    await other.close();
    await admin.close();
  });

  /** A new customer shipping to `place`: their checkout summary, asked of the other process. */
  const summaryInOtherProcess = async (place: 'pune' | 'bandra') => {
    const u = await checkoutUser(admin, mail);
    const ship = await u.address(place);
    const goods = await simpleProducts(admin);
    return async () => {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/payment/summary',
        headers: { authorization: `Bearer ${u.token}` },
        payload: { main_id: MAIN, cart_products: [lineOf(goods[0]!)], shipping_address: ship },
      });
      return res.json<PaymentSummary>();
    };
  };

  it('charges the new band price and sees it in the other process', async () => {
    const summary = await summaryInOtherProcess('pune');
    // A read first, so the other process holds the old bands in its cache.
    expect((await summary()).deliveryCharge).toBe(249);
    const put = await admin.app.inject({
      method: 'PUT',
      url: '/api/admin/delivery/bands',
      headers: { authorization: `Bearer ${owner}` },
      payload: { bands: [{ min_kilometer: 0, max_kilometer: null, delivery_price: 77.7 }] },
    });
    expect(put.statusCode).toBe(200);
    await expect.poll(async () => (await summary()).deliveryCharge, { timeout: 10_000 }).toBe(77.7);
  });

  it('stops delivering to a pincode turned off, in the other process too', async () => {
    const summary = await summaryInOtherProcess('bandra');
    const setStatus = (status: 'Active' | 'Inactive') =>
      admin.app.inject({
        method: 'PATCH',
        url: '/api/admin/pincodes/400050',
        headers: { authorization: `Bearer ${owner}` },
        payload: { status },
      });
    // A read first, so the other process holds the pincodes in its cache.
    expect(await summary()).toMatchObject({ orderable: true });
    expect((await setStatus('Inactive')).statusCode).toBe(200);
    try {
      await expect
        .poll(async () => (await summary()).reason, { timeout: 10_000 })
        .toBe(CHECKOUT_MESSAGES.notDeliverable);
    } finally {
      expect((await setStatus('Active')).statusCode).toBe(200);
    }
    await expect.poll(async () => (await summary()).orderable, { timeout: 10_000 }).toBe(true);
  });
});
