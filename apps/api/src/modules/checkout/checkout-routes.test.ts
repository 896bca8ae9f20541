import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSummary } from '@shop/contracts';
import { deliveryPriceBands, products, storeSettings } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { haversineKm } from '@shop/domain';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import {
  checkoutUser,
  lineOf,
  PLACES,
  simpleProducts,
  type CheckoutUser,
} from '../../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const OFFICE = { latitude: 19.1314, longitude: 72.8344 };
const km = (p: { latitude: number; longitude: number }) => Math.round(haversineKm(OFFICE, p) * 1.3);

describe.each(testDatabaseTargets())('checkout store reads and summary on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let u: CheckoutUser;
  let goods: Awaited<ReturnType<typeof simpleProducts>>;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    u = await checkoutUser(t, mail);
    goods = await simpleProducts(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => client(t).get(url);
  const summary = (body: Record<string, unknown>, who: CheckoutUser = u) =>
    who.post<PaymentSummary>('/api/payment/summary', { main_id: MAIN, ...body });

  describe('store reads', () => {
    it('answers the payment modal details without the key secret', async () => {
      const res = await get(`/api/pay-razorpay/${MAIN}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        key_id: 'rzp_test_sandbox',
        company_name: 'Urban Roll',
        company_color: '#7c3aed',
        gateway: 'sandbox',
        online_payments: true,
        pay_at_academy: false,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/secret/i);
    });

    it('answers the delivery bands, free-delivery band, advance and office', async () => {
      expect((await get(`/api/delivery-price/${MAIN}`)).body).toEqual({
        isError: false,
        data: [
          { min_kilometer: 0, max_kilometer: 5, delivery_price: 49, status: 'Active' },
          { min_kilometer: 5, max_kilometer: 15, delivery_price: 99, status: 'Active' },
          { min_kilometer: 15, max_kilometer: 40, delivery_price: 149, status: 'Active' },
          { min_kilometer: 40, max_kilometer: null, delivery_price: 249, status: 'Active' },
        ],
      });
      expect((await get(`/api/freedelivery/${MAIN}`)).body).toEqual({
        isError: false,
        data: [{ min_kilometer: 0, max_kilometer: 15, freedelivery_price: 1499 }],
      });
      expect((await get(`/api/deliverypaybefore/single/${MAIN}`)).body).toEqual({
        isError: false,
        help: { delivery_percentage: 20 },
      });
      const office = await get(`/api/register/officesingle/${MAIN}`);
      expect(office.body).toMatchObject({ isError: false, ...OFFICE });
      expect(office.body.google_address).toMatch(/Andheri West/);
    });

    it('answers 404 naming the store for an unknown store', async () => {
      for (const path of [
        'pay-razorpay',
        'delivery-price',
        'freedelivery',
        'register/officesingle',
      ]) {
        expect(await get(`/api/${path}/nope`)).toMatchObject({
          status: 404,
          body: { field: 'storeId' },
        });
      }
    });

    it.each([
      ['welcome10', 0, false, 'Coupon applied successfully'],
      ['NOPE', 0, true, 'Invalid coupon'],
      ['STAFF30', 0, true, 'Invalid coupon'],
      ['MONSOON25', 0, true, 'This coupon has expired'],
      ['DIWALI20', 0, true, 'This coupon is not valid yet'],
      ['FIRST50', 0, true, 'This coupon has been used up'],
      ['FLAT200', 1000, true, 'Add ₹499 more to use this coupon (minimum order ₹1,499)'],
      ['FLAT200', 1499, false, 'Coupon applied successfully'],
    ])('checks coupon %s at ₹%d', async (code, total, isError, message) => {
      const res = await get(`/api/coupon/check/${code}?user_id=${MAIN}&total=${total}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ isError, message });
      expect(res.body.couponData === null).toBe(isError);
    });

    it('answers coupon data in rupees', async () => {
      const res = await get(`/api/coupon/check/WELCOME10?user_id=${MAIN}`);
      expect(res.body.couponData).toMatchObject({
        coupon_code: 'WELCOME10',
        percentage_offer: 10,
        price_offer: null,
        max_discount: 300,
      });
    });

    it('names the field of a bad coupon query', async () => {
      expect(await get(`/api/coupon/check/X?user_id=${MAIN}&total=abc`)).toMatchObject({
        status: 400,
        body: { field: 'total' },
      });
      expect(await get(`/api/coupon/check/X`)).toMatchObject({
        status: 400,
        body: { field: 'user_id' },
      });
    });
  });

  describe('POST /payment/summary', () => {
    it('needs a signed-in user', async () => {
      const res = await client(t).post('/api/payment/summary', { main_id: MAIN });
      expect(res.status).toBe(401);
    });

    it('prices lines from the catalogue, ignores sent amounts, adds delivery by distance', async () => {
      const a = goods[0]!;
      const ship = await u.address('pune');
      const res = await summary({
        cart_products: [{ ...lineOf(a, 2), product_saleprice: 1, totalAmountbeforePay: 1 }],
        shipping_address: ship,
        totalAmountbeforePay: 1,
      });
      expect(res.status).toBe(200);
      const unit =
        a.discountPricePaise > 0 && a.discountPricePaise < a.originalPricePaise
          ? a.discountPricePaise
          : a.originalPricePaise;
      const distance = km(PLACES.pune);
      expect(distance).toBeGreaterThan(40);
      const s = res.body;
      expect(s).toMatchObject({
        orderable: true,
        distance,
        deliveryCharge: 249,
        amountbeforediscount: (a.originalPricePaise * 2) / 100,
        discountprice: 0,
        couponapplied: false,
        totalAmountbeforePay: (unit * 2 + 24900) / 100,
        advance: (unit * 2 + 24900) / 100,
        remaining_amount: 0,
        payment_mode: 'Pay now',
      });
      expect(s.lines[0]).toMatchObject({
        product_id: a.id,
        quantity: 2,
        line_total: (unit * 2) / 100,
      });
      // Maharashtra to Maharashtra: CGST + SGST, no IGST; the tax is inside the total.
      expect(s.tax.supply).toBe('intra-state');
      expect(s.tax.igst).toBe(0);
      expect(s.tax.cgst + s.tax.sgst).toBeCloseTo(s.tax.total_tax, 2);
      expect(s.tax.taxable_value + s.tax.total_tax).toBeCloseTo(s.totalAmountbeforePay, 2);
    });

    it('charges IGST when shipping to another state', async () => {
      const ship = await u.address('bengaluru');
      const res = await summary({ cart_products: [lineOf(goods[0]!)], shipping_address: ship });
      expect(res.body.tax).toMatchObject({
        supply: 'inter-state',
        cgst: 0,
        sgst: 0,
        shipping_state: 'Karnataka',
      });
      expect(res.body.tax.igst).toBeGreaterThan(0);
    });

    it('delivers free within the free band once the sale total reaches it, else the band price', async () => {
      const ship = await u.address('office');
      const cheap =
        goods.find((p) => p.originalPricePaise < 149900 && p.discountPricePaise === 0) ?? goods[0]!;
      const one = await summary({ cart_products: [lineOf(cheap)], shipping_address: ship });
      expect(one.body.distance).toBe(1);
      if (cheap.originalPricePaise < 149900) {
        expect(one.body).toMatchObject({ deliveryCharge: 49, free_delivery: false });
      }
      const qty = Math.ceil(149900 / cheap.originalPricePaise);
      const many = await summary({ cart_products: [lineOf(cheap, qty)], shipping_address: ship });
      expect(many.body).toMatchObject({ deliveryCharge: 0, free_delivery: true });
    });

    it('applies a coupon, or says why not and prices without it', async () => {
      const ship = await u.address('pune');
      const a = goods[0]!;
      const base = await summary({ cart_products: [lineOf(a, 3)], shipping_address: ship });
      const withCoupon = await summary({
        cart_products: [lineOf(a, 3)],
        shipping_address: ship,
        coupon_code: 'welcome10',
      });
      const sale = base.body.amountafterdiscount;
      const expected = Math.min(Math.round(sale * 10) / 100, 300);
      expect(withCoupon.body).toMatchObject({
        couponapplied: true,
        coupon_code: 'WELCOME10',
        coupon_message: 'Coupon applied successfully',
      });
      expect(withCoupon.body.discountprice).toBeCloseTo(expected, 2);
      expect(withCoupon.body.totalAmountbeforePay).toBeCloseTo(
        base.body.totalAmountbeforePay - expected,
        2,
      );
      const expired = await summary({
        cart_products: [lineOf(a)],
        shipping_address: ship,
        coupon_code: 'MONSOON25',
      });
      expect(expired.body).toMatchObject({
        orderable: true,
        couponapplied: false,
        discountprice: 0,
        coupon_message: 'This coupon has expired',
      });
    });

    it('computes the pay-on-delivery advance and remaining amount', async () => {
      const ship = await u.address('pune');
      const res = await summary({
        cart_products: [lineOf(goods[1]!)],
        shipping_address: ship,
        payment_mode: 'Pay on delivery',
      });
      const total = res.body.totalAmountbeforePay;
      expect(res.body.delivery_percentage).toBe(20);
      expect(res.body.advance).toBe(Math.round(total * 0.2));
      expect(res.body.remaining_amount).toBeCloseTo(total - Math.round(total * 0.2), 2);
    });

    it('says why an order cannot be placed: no shipping address, not deliverable, stock, pay mode', async () => {
      const a = goods[0]!;
      expect((await summary({ cart_products: [lineOf(a)] })).body).toMatchObject({
        orderable: false,
        reason: 'Please select a shipping address.',
        field: 'shipping_address',
      });
      const nowhere = await u.address({
        pincode: '999999',
        latitude: null,
        longitude: null,
        city: 'X',
      });
      expect(
        (await summary({ cart_products: [lineOf(a)], shipping_address: nowhere })).body,
      ).toMatchObject({
        orderable: false,
        reason: 'Sorry, we do not deliver to this pincode.',
        field: 'shipping_address',
      });
      const ship = await u.address('bandra');
      const tooMany = await summary({
        cart_products: [lineOf(a, Math.min(a.totalStock + 1, 99))],
        shipping_address: ship,
      });
      if (a.totalStock + 1 <= 99) {
        expect(tooMany.body).toMatchObject({
          orderable: false,
          reason: `Only ${a.totalStock} left in stock.`,
          field: 'cart_products.0.quantity',
        });
      }
      await t.database.db
        .update(products)
        .set({ totalStock: 0 })
        .where(eq(products.id, goods[5]!.id));
      expect(
        (await summary({ cart_products: [lineOf(goods[5]!)], shipping_address: ship })).body,
      ).toMatchObject({ orderable: false, reason: 'This product is out of stock.' });
    });

    it("refuses another user's address and unknown products, naming the field", async () => {
      const other = await checkoutUser(t, mail);
      const theirs = await other.address('bandra');
      expect(
        await summary({ cart_products: [lineOf(goods[0]!)], shipping_address: theirs }),
      ).toMatchObject({ status: 400, body: { field: 'shipping_address' } });
      expect(
        await summary({
          cart_products: [
            { product_id: '00000000-0000-4000-8000-000000000000', product_sku: 'x', quantity: 1 },
          ],
        }),
      ).toMatchObject({ status: 404, body: { field: 'cart_products.0' } });
      expect(
        await summary({ cart_products: [lineOf(goods[0]!)], main_id: 'threadline' }),
      ).toMatchObject({
        status: 400,
        body: { field: 'main_id' },
      });
    });

    it("prices the caller's server cart when no lines are sent", async () => {
      const buyer = await checkoutUser(t, mail);
      const ship = await buyer.address('bandra');
      expect(await summary({ shipping_address: ship }, buyer)).toMatchObject({
        status: 400,
        body: { msg: 'Your cart is empty!', field: 'cart_products' },
      });
      const a = goods[2]!;
      const added = await buyer.post('/api/cart', {
        ...lineOf(a, 2),
        user_id: buyer.userId,
        main_id: MAIN,
      });
      expect(added.status).toBe(200);
      const res = await summary({ shipping_address: ship }, buyer);
      expect(res.body.lines).toMatchObject([{ product_id: a.id, quantity: 2 }]);
    });

    it('uses the road factor and active bands of the store', async () => {
      const ship = await u.address('pune');
      await t.database.db
        .update(deliveryPriceBands)
        .set({ status: 'Inactive' })
        .where(and(eq(deliveryPriceBands.storeId, MAIN), eq(deliveryPriceBands.minKilometer, 40)));
      const res = await summary({ cart_products: [lineOf(goods[0]!)], shipping_address: ship });
      expect(res.body).toMatchObject({
        orderable: false,
        reason: 'Sorry, we do not deliver to this pincode.',
      });
      await t.database.db
        .update(deliveryPriceBands)
        .set({ status: 'Active' })
        .where(and(eq(deliveryPriceBands.storeId, MAIN), eq(deliveryPriceBands.minKilometer, 40)));
      await t.database.db
        .update(storeSettings)
        .set({ roadFactor: 2 })
        .where(eq(storeSettings.storeId, MAIN));
      const bandra = await u.address('bandra');
      const far = await summary({ cart_products: [lineOf(goods[0]!)], shipping_address: bandra });
      expect(far.body.distance).toBe(Math.round(haversineKm(OFFICE, PLACES.bandra) * 2));
      await t.database.db
        .update(storeSettings)
        .set({ roadFactor: 1.3 })
        .where(eq(storeSettings.storeId, MAIN));
    });
  });
});
