import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { testOrderRow } from '../testing/order-fixtures.ts';
import { testDatabaseTargets, type TestDatabase } from '../testing/test-databases.ts';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { couponRedemptions, coupons } from './coupons.ts';
import { orderLines, orders, paymentEvents, refunds } from './orders.ts';
import {
  deliveryPriceBands,
  freeDeliveryBands,
  paymentGatewaySettings,
  storeSettings,
} from './store-settings.ts';
import { stores } from './stores.ts';

/** A consistent order: ₹1,000 of goods at 5% GST, ₹100 off, ₹50 delivery, paid now. */
const order = testOrderRow;

describe.each(testDatabaseTargets())('checkout and payment constraints on $name', (target) => {
  let t: TestDatabase;
  let db: Database;
  let userId: string;
  let productId: string;

  beforeAll(async () => {
    t = await target.open();
    db = t.handle.db;
    await db.insert(stores).values({ id: 's1', name: 'Shop' });
    const [u] = await db
      .insert(users)
      .values({ storeId: 's1', email: 'a@example.com' })
      .returning();
    userId = u!.id;
    const [p] = await db
      .insert(products)
      .values({
        storeId: 's1',
        title: 'Tee',
        sku: 'TEE',
        category: 't-shirts',
        originalPricePaise: 49_900,
        stock: 1,
      })
      .returning();
    productId = p!.id;
  });
  afterAll(async () => {
    await t.dispose();
  });

  const settings = (over: Partial<typeof storeSettings.$inferInsert> = {}) => ({
    storeId: 's1',
    gstin: '27AAPFU0939F1ZV',
    legalName: 'Shop LLP',
    state: 'Maharashtra',
    gstStateCode: '27',
    officeAddress: 'Andheri West, Mumbai',
    officeLatitude: 19.1363,
    officeLongitude: 72.8277,
    ...over,
  });

  describe('store settings', () => {
    it.each([
      ['a GSTIN of another state', { gstin: '29AAPFU0939F1ZV' }],
      ['a malformed GSTIN', { gstin: '27AAPFU0939F1Z' }],
      ['a one-digit state code', { gstStateCode: '7', gstin: '' }],
      ['an advance above 100%', { deliveryPercentage: 101 }],
      ['a negative advance', { deliveryPercentage: -1 }],
      ['a road factor below 1', { roadFactor: 0.9 }],
      ['a latitude off the globe', { officeLatitude: 91 }],
    ])('refuses %s', async (_what, over) => {
      await expect(db.insert(storeSettings).values(settings(over))).rejects.toThrow();
    });

    it('keeps one row per store, GSTIN optional', async () => {
      await db.insert(storeSettings).values(settings({ gstin: '' }));
      await expect(db.insert(storeSettings).values(settings())).rejects.toThrow();
      await db.delete(storeSettings);
      await db.insert(storeSettings).values(settings({ deliveryPercentage: 20 }));
    });
  });

  describe('delivery bands', () => {
    it('takes an open-ended band and refuses an inverted one or a negative price', async () => {
      await db.insert(deliveryPriceBands).values({
        storeId: 's1',
        minKilometer: 40,
        maxKilometer: null,
        deliveryPricePaise: 24_900,
      });
      await expect(
        db
          .insert(deliveryPriceBands)
          .values({ storeId: 's1', minKilometer: 15, maxKilometer: 5, deliveryPricePaise: 100 }),
      ).rejects.toThrow();
      await expect(
        db
          .insert(deliveryPriceBands)
          .values({ storeId: 's1', minKilometer: 0, maxKilometer: 5, deliveryPricePaise: -1 }),
      ).rejects.toThrow();
      await expect(
        db.insert(deliveryPriceBands).values({
          storeId: 's1',
          minKilometer: 0,
          maxKilometer: 5,
          deliveryPricePaise: 100,
          status: 'active',
        }),
      ).rejects.toThrow();
      await expect(
        db
          .insert(freeDeliveryBands)
          .values({ storeId: 's1', minKilometer: 0, maxKilometer: 15, freeDeliveryPricePaise: -5 }),
      ).rejects.toThrow();
    });
  });

  describe('payment gateway settings', () => {
    it('refuses a key id without its secret, and a webhook secret without a key', async () => {
      await expect(
        db.insert(paymentGatewaySettings).values({ storeId: 's1', keyId: 'rzp_test_x' }),
      ).rejects.toThrow();
      await expect(
        db
          .insert(paymentGatewaySettings)
          .values({ storeId: 's1', webhookSecretCiphertext: 'v1.abc' }),
      ).rejects.toThrow();
      await db.insert(paymentGatewaySettings).values({ storeId: 's1', companyName: 'Shop' });
    });
  });

  describe('coupons', () => {
    const coupon = (code: string, over: Partial<typeof coupons.$inferInsert> = {}) => ({
      storeId: 's1',
      code,
      percentageOffer: 10,
      ...over,
    });

    it('keeps codes unique per store regardless of case', async () => {
      await db.insert(coupons).values(coupon('Welcome10'));
      await expect(db.insert(coupons).values(coupon('WELCOME10'))).rejects.toThrow();
    });

    it.each([
      ['both a percentage and a fixed amount', { priceOfferPaise: 5_000 }],
      ['neither a percentage nor a fixed amount', { percentageOffer: null }],
      ['a percentage above 100', { percentageOffer: 101 }],
      ['a zero fixed amount', { percentageOffer: null, priceOfferPaise: 0 }],
      ['a negative minimum', { minimumSaleTotalPaise: -1 }],
      ['an end before its start', { startsAt: new Date(2026, 5, 2), endsAt: new Date(2026, 5, 1) }],
      ['more uses than its limit', { totalUsageLimit: 2, uses: 3 }],
      ['a blank code', { code: '   ' }],
    ])('refuses %s', async (what, over) => {
      await expect(db.insert(coupons).values(coupon(`BAD-${what}`, over))).rejects.toThrow();
    });

    it('never lets concurrent uses pass the total limit', async () => {
      const [c] = await db
        .insert(coupons)
        .values(coupon('ONCE', { totalUsageLimit: 1 }))
        .returning();
      const take = () =>
        db.execute(sql`UPDATE coupons SET uses = uses + 1 WHERE id = ${c!.id}`).then(
          () => true,
          () => false,
        );
      const results = await Promise.all([take(), take(), take()]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const [after] = await db
        .select()
        .from(coupons)
        .where(sql`id = ${c!.id}`);
      expect(after!.uses).toBe(1);
    });

    it('redeems a coupon at most once per order', async () => {
      const [c] = await db.insert(coupons).values(coupon('PERORDER')).returning();
      const [o] = await db.insert(orders).values(order('s1', userId)).returning();
      const redemption = {
        storeId: 's1',
        couponId: c!.id,
        orderId: o!.id,
        userId,
        discountPaise: 10_000,
      };
      await db.insert(couponRedemptions).values(redemption);
      await expect(db.insert(couponRedemptions).values(redemption)).rejects.toThrow();
    });
  });

  describe('orders', () => {
    it('stores a consistent order with bigint amounts as numbers', async () => {
      const [o] = await db
        .insert(orders)
        .values(order('s1', userId, { idempotencyKey: 'k-1' }))
        .returning();
      expect(o!.totalAmountPaise).toBe(95_000);
      expect(o!.paymentStatus).toBe('Pending');
      expect(o!.orderStatus).toBe('Pending');
      expect(o!.version).toBe(0);
    });

    it.each([
      ['a negative delivery charge', { deliveryChargePaise: -1 }],
      ['an advance and a remainder that do not add up to the total', { remainingAmountPaise: 1 }],
      ['an amount after discount above the list prices less the coupon', { discountPaise: 11_000 }],
      [
        'an amount after discount and delivery that are not the total',
        { amountAfterDiscountPaise: 89_000 },
      ],
      ['CGST and IGST together', { igstPaise: 1 }],
      ['tax above the total', { taxableValuePaise: 95_000 }],
      ['an unknown payment mode', { paymentMode: 'Cash' }],
      ['an unknown payment status', { paymentStatus: 'Paid' }],
      ['an unknown order status', { orderStatus: 'Lost' }],
    ])('refuses %s', async (_what, over) => {
      await expect(db.insert(orders).values(order('s1', userId, over))).rejects.toThrow();
    });

    it('takes an order sold below its list prices: after discount is sale prices less the coupon', async () => {
      // Listed at ₹1,200, sold at ₹1,000, ₹100 off: ₹900 after discount, not ₹1,100.
      const [o] = await db
        .insert(orders)
        .values(order('s1', userId, { amountBeforeDiscountPaise: 120_000 }))
        .returning();
      expect(o!.amountAfterDiscountPaise).toBe(90_000);
    });

    it('takes a pay-on-delivery order whose advance and remainder make the total', async () => {
      await db.insert(orders).values(
        order('s1', userId, {
          paymentMode: 'Pay on delivery',
          amountToPayPaise: 19_000,
          remainingAmountPaise: 76_000,
          deliveryPercentage: 20,
        }),
      );
    });

    it('refuses a second order with the same gateway order id', async () => {
      await db.insert(orders).values(order('s1', userId, { gatewayOrderId: 'order_A' }));
      await expect(
        db.insert(orders).values(order('s1', userId, { gatewayOrderId: 'order_A' })),
      ).rejects.toThrow();
    });

    it('refuses a reused idempotency key of one user, but not of another', async () => {
      const [other] = await db
        .insert(users)
        .values({ storeId: 's1', email: 'b@example.com' })
        .returning();
      await db.insert(orders).values(order('s1', userId, { idempotencyKey: 'same' }));
      await expect(
        db.insert(orders).values(order('s1', userId, { idempotencyKey: 'same' })),
      ).rejects.toThrow();
      await db.insert(orders).values(order('s1', other!.id, { idempotencyKey: 'same' }));
      // Orders without a key never collide.
      await db.insert(orders).values(order('s1', userId));
      await db.insert(orders).values(order('s1', userId));
    });

    it('refuses a receipt id used twice in one store', async () => {
      await db.insert(orders).values(order('s1', userId, { receiptId: 'rcpt_dup' }));
      await expect(
        db.insert(orders).values(order('s1', userId, { receiptId: 'rcpt_dup' })),
      ).rejects.toThrow();
    });
  });

  describe('order lines', () => {
    const line = (orderId: string, over: Partial<typeof orderLines.$inferInsert> = {}) => ({
      orderId,
      storeId: 's1',
      productId,
      sku: 'TEE',
      name: 'Tee',
      quantity: 2,
      unitPricePaise: 49_900,
      unitSalePricePaise: 44_900,
      lineTotalPaise: 89_800,
      discountPaise: 0,
      hsnCode: '6109',
      gstRateBp: 500,
      taxableValuePaise: 85_524,
      taxPaise: 4_276,
      cgstPaise: 2_138,
      sgstPaise: 2_138,
      ...over,
    });

    it('takes a line whose taxable value and tax make its total, and refuses others', async () => {
      const [o] = await db.insert(orders).values(order('s1', userId)).returning();
      await db.insert(orderLines).values(line(o!.id));
      await expect(db.insert(orderLines).values(line(o!.id, { quantity: 0 }))).rejects.toThrow();
      await expect(
        db.insert(orderLines).values(line(o!.id, { taxableValuePaise: 85_000 })),
      ).rejects.toThrow();
      await expect(
        db.insert(orderLines).values(line(o!.id, { cgstPaise: 2_000 })),
      ).rejects.toThrow();
      await expect(
        db.insert(orderLines).values(line(o!.id, { gstRateBp: 10_001 })),
      ).rejects.toThrow();
    });
  });

  describe('payment events and refunds', () => {
    it('keeps an event id once per gateway', async () => {
      const event = { gateway: 'sandbox', eventId: 'evt_1', eventType: 'order.paid', payload: {} };
      await db.insert(paymentEvents).values(event);
      await expect(db.insert(paymentEvents).values(event)).rejects.toThrow();
      await db.insert(paymentEvents).values({ ...event, gateway: 'razorpay' });
    });

    it('refuses a zero refund and an unknown refund status', async () => {
      const [o] = await db.insert(orders).values(order('s1', userId)).returning();
      const refund = { storeId: 's1', orderId: o!.id, gatewayPaymentId: 'pay_1', amountPaise: 100 };
      await db.insert(refunds).values(refund);
      await expect(db.insert(refunds).values({ ...refund, amountPaise: 0 })).rejects.toThrow();
      await expect(db.insert(refunds).values({ ...refund, status: 'done' })).rejects.toThrow();
    });
  });

  describe('product GST', () => {
    it('refuses a threshold without a rate above it, and a rate above 100%', async () => {
      const base = { storeId: 's1', title: 'x', category: 'c', originalPricePaise: 100 };
      await expect(
        db.insert(products).values({ ...base, sku: 'G1', gstThresholdPaise: 250_000 }),
      ).rejects.toThrow();
      await expect(
        db.insert(products).values({ ...base, sku: 'G2', gstRateBp: 10_001 }),
      ).rejects.toThrow();
      const [p] = await db
        .insert(products)
        .values({
          ...base,
          sku: 'G3',
          hsnCode: '6109',
          gstRateBp: 500,
          gstThresholdPaise: 250_000,
          gstRateAboveBp: 1800,
        })
        .returning();
      expect(p!.gstRateAboveBp).toBe(1800);
    });
  });
});
