import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, PayNowResponse, PayOnDeliveryResponse } from '@shop/contracts';
import {
  couponRedemptions,
  coupons,
  orderLines,
  orders,
  orderTimeline,
  payButtons,
  products,
  refunds,
  storeSettings,
  variations,
} from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { checkoutSignature, webhookSignature } from '../../adapters/payment-signatures.ts';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import {
  checkoutUser,
  lineOf,
  simpleProducts,
  variationInStock,
  type CheckoutUser,
} from '../../test-support/checkout.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { OrdersRepository } from './orders-repository.ts';
import { PRICE_CHANGED } from './placing-service.ts';

const KEY_SECRET = 'test-key-secret-0123456789abcdef';
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789ab';

describe.each(testDatabaseTargets())('orders and payments on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let goods: Awaited<ReturnType<typeof simpleProducts>>;
  /** The statements sent while a test listens (null: not listening). */
  let statements: string[] | null = null;

  beforeAll(async () => {
    t = await startTestApp(target, {
      onQuery: (q) => statements?.push(q),
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET },
    });
    goods = await simpleProducts(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const product = (id: string) =>
    t.database.db
      .select()
      .from(products)
      .where(eq(products.id, id))
      .then((r) => r[0]!);
  const orderRow = (id: string) =>
    t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, id))
      .then((r) => r[0]!);

  /** A buyer with a Mumbai address (shipping and billing). */
  const buyer = async () => {
    const u = await checkoutUser(t, mail);
    const addressId = await u.address('bandra');
    return { ...u, addressId };
  };
  type Buyer = Awaited<ReturnType<typeof buyer>>;

  const body = (u: Buyer, patch: Record<string, unknown> = {}) => ({
    main_id: MAIN,
    user_id: u.userId,
    cart_products: [lineOf(goods[0]!)],
    billing_address: u.addressId,
    shipping_address: { id: u.addressId, city: 'ignored' },
    mobile: '+91 98200 12345',
    coupon_code: '',
    customer_note: 'Ring the bell',
    payment_mode: 'Pay now',
    ...patch,
  });
  const payNow = (u: Buyer, patch: Record<string, unknown> = {}, headers = {}) =>
    u.post<PayNowResponse>('/api/payment', body(u, patch), headers);
  const payOnDelivery = (u: Buyer, patch: Record<string, unknown> = {}, headers = {}) =>
    u.post<PayOnDeliveryResponse>(
      '/api/payment/paydelivery',
      body(u, { payment_mode: 'Pay on delivery', ...patch }),
      headers,
    );

  const verify = (u: CheckoutUser, gatewayOrderId: string, paymentId: string, signature?: string) =>
    u.post('/api/payment/verify', {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: signature ?? checkoutSignature(gatewayOrderId, paymentId, KEY_SECRET),
    });

  const webhook = (
    event: string,
    gatewayOrderId: string,
    paymentId: string,
    amount: number,
    opts: { eventId?: string; secret?: string } = {},
  ) => {
    const raw = JSON.stringify({
      entity: 'event',
      account_id: 'acc_test',
      event,
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: paymentId,
            order_id: gatewayOrderId,
            amount,
            status: event === 'payment.failed' ? 'failed' : 'captured',
            method: 'upi',
          },
        },
      },
      created_at: 1_700_000_000,
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(raw, opts.secret ?? WEBHOOK_SECRET),
        'x-razorpay-event-id': opts.eventId ?? `evt_${randomUUID()}`,
      },
    });
  };

  const expire = (orderId: string) =>
    t.database.db
      .update(orders)
      .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));

  /** Pays a gateway order through the sandbox (so a refund has a captured payment). */
  const sandboxPay = async (gatewayOrderId: string) => {
    const { sandboxGateway } = await import('../../adapters/sandbox-gateway.ts');
    const sandbox = sandboxGateway({
      db: t.database.db,
      credentials: {
        keyId: 'rzp_test_sandbox',
        keySecret: KEY_SECRET,
        webhookSecret: WEBHOOK_SECRET,
      },
    });
    const paid = await sandbox.pay({ orderId: gatewayOrderId, method: 'upi', outcome: 'success' });
    if (!paid.ok) throw new Error('sandbox payment failed');
    return paid.answer;
  };

  describe('placing an order', () => {
    it('pays now: the server prices it, ignores sent amounts, holds the stock', async () => {
      const u = await buyer();
      const a = goods[0]!;
      const before = await product(a.id);
      const summary = await u.post<{ totalAmountbeforePay: number }>('/api/payment/summary', {
        main_id: MAIN,
        cart_products: [lineOf(a, 2)],
        shipping_address: u.addressId,
      });
      const res = await payNow(u, {
        cart_products: [{ ...lineOf(a, 2), product_saleprice: 1 }],
        totalAmountbeforePay: 1,
        deliveryCharge: 0,
        discountprice: 99999,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: true,
        totalAmountbeforePay: summary.body.totalAmountbeforePay,
        razorpay_order: {
          entity: 'order',
          amount: Math.round(summary.body.totalAmountbeforePay * 100),
          currency: 'INR',
          status: 'created',
          key_id: 'rzp_test_sandbox',
        },
      });
      expect(res.body.razorpay_order.id).toMatch(/^order_/);
      expect(res.body.razorpay_order.receipt).toBe(res.body.receipt_id);
      expect((await product(a.id)).totalStock).toBe(before.totalStock - 2);
      const row = await orderRow(res.body.order_id);
      expect(row).toMatchObject({
        paymentStatus: 'Pending',
        mobile: '9820012345',
        customerNote: 'Ring the bell',
        gatewayOrderId: res.body.razorpay_order.id,
      });
      expect(row.cgstPaise + row.sgstPaise).toBeGreaterThan(0);
      // The hold lasts STOCK_HOLD_MINUTES (default 30) from placing.
      const held = row.stockHoldExpiresAt.getTime() - row.createdAt.getTime();
      expect(Math.abs(held - 30 * 60_000)).toBeLessThan(60_000);
    });

    it('pays on delivery with a 20% advance taken online', async () => {
      const u = await buyer();
      const res = await payOnDelivery(u);
      expect(res.status).toBe(200);
      const { totalAmountbeforePay: total, advance, remaining_amount } = res.body;
      expect(advance).toBe(Math.round(total * 0.2));
      expect(remaining_amount).toBeCloseTo(total - advance, 2);
      expect(res.body.razorpay_order?.amount).toBe(advance * 100);
    });

    it('pays on delivery without an advance: no gateway order, confirmed and emailed now', async () => {
      await t.database.db
        .update(storeSettings)
        .set({ deliveryPercentage: 0 })
        .where(eq(storeSettings.storeId, MAIN));
      try {
        const u = await buyer();
        const sent = mail.sent.length;
        const res = await payOnDelivery(u);
        expect(res.status).toBe(200);
        expect(res.body.razorpay_order).toBeUndefined();
        expect(res.body.advance).toBe(0);
        const to = mail.sent.slice(sent).map((m) => m.to);
        expect(to).toEqual([u.email, 'orders@urbanroll.example']);
      } finally {
        await t.database.db
          .update(storeSettings)
          .set({ deliveryPercentage: 20 })
          .where(eq(storeSettings.storeId, MAIN));
      }
    });

    it('refuses with the rule and field named', async () => {
      const u = await buyer();
      const other = await buyer();
      const cases: [Record<string, unknown>, number, string, string?][] = [
        [
          { billing_address: other.addressId },
          400,
          'billing_address',
          'Please choose one of your saved addresses.',
        ],
        [
          { shipping_address: other.addressId },
          400,
          'shipping_address',
          'Please choose one of your saved addresses.',
        ],
        [{ mobile: '12345' }, 400, 'mobile', 'Please enter a valid 10-digit mobile number.'],
        [{ cart_products: [] }, 400, 'cart_products', 'Your cart is empty!'],
        [{ coupon_code: 'NOPE' }, 400, 'coupon_code', 'Invalid coupon'],
        [{ coupon_code: 'MONSOON25' }, 400, 'coupon_code', 'This coupon has expired'],
        [{ payment_mode: 'Pay on delivery' }, 400, 'payment_mode'],
        [{ user_id: other.userId }, 403, 'user_id'],
        [{ billing_address: 'nope' }, 400, 'billing_address', 'Please select a billing address.'],
      ];
      for (const [patch, status, field, msg] of cases) {
        const res = await payNow(u, patch);
        expect({ patch, status: res.status, field: res.body.field }).toEqual({
          patch,
          status,
          field,
        });
        if (msg) expect(res.body.msg).toContain(msg);
      }
    });

    it('refuses an undeliverable pincode, a disabled pay mode and stock it does not have', async () => {
      const u = await buyer();
      const nowhere = await u.address({
        pincode: '999999',
        latitude: null,
        longitude: null,
        city: 'X',
      });
      expect(await payNow(u, { shipping_address: nowhere })).toMatchObject({
        status: 400,
        body: { msg: 'Sorry, we do not deliver to this pincode.', field: 'shipping_address' },
      });
      await t.database.db
        .update(payButtons)
        .set({ status: 'Inactive' })
        .where(and(eq(payButtons.storeId, MAIN), eq(payButtons.buttonId, 'payondelivery')));
      expect(await payOnDelivery(u)).toMatchObject({
        status: 400,
        body: { msg: 'This payment mode is not available for this store.', field: 'payment_mode' },
      });
      await t.database.db
        .update(payButtons)
        .set({ status: 'Active' })
        .where(and(eq(payButtons.storeId, MAIN), eq(payButtons.buttonId, 'payondelivery')));
      const p = goods[3]!;
      await t.database.db.update(products).set({ totalStock: 1 }).where(eq(products.id, p.id));
      expect(await payNow(u, { cart_products: [lineOf(p, 2)] })).toMatchObject({
        status: 400,
        body: { msg: 'Only 1 left in stock.', field: 'cart_products.0.quantity' },
      });
      await t.database.db.update(products).set({ totalStock: 0 }).where(eq(products.id, p.id));
      expect(await payNow(u, { cart_products: [lineOf(p, 1)] })).toMatchObject({
        status: 409,
        body: { msg: 'This product is out of stock.' },
      });
    });

    it("holds a variation's own stock and never takes more than it has", async () => {
      const v = await variationInStock(t, 3);
      const line = { product_id: v.productId, product_sku: v.sku, quantity: 2 };
      const stockOf = async () =>
        (await t.database.db.select().from(variations).where(eq(variations.id, v.id)))[0]!.stock;
      const before = await stockOf();
      const u = await buyer();
      const res = await payNow(u, { cart_products: [line] });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      expect(await stockOf()).toBe(before - 2);
      await t.database.db.update(variations).set({ stock: 1 }).where(eq(variations.id, v.id));
      expect(await payNow(u, { cart_products: [line] })).toMatchObject({
        status: 400,
        body: { field: 'cart_products.0.quantity' },
      });
      expect(await stockOf()).toBe(1);
      // Two orders of the last unit at once: one holds it, the variation never goes below zero.
      const again = { ...line, quantity: 1 };
      // (Two other buyers: u's new unpaid order would give u's first order's hold back.)
      const both = await Promise.all([
        payNow(await buyer(), { cart_products: [again] }),
        payNow(await buyer(), { cart_products: [again] }),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await stockOf()).toBe(0);
    });

    it('takes a coupon use with the order and refuses a second use by the same customer', async () => {
      const u = await buyer();
      const [before] = await t.database.db
        .select()
        .from(coupons)
        .where(eq(coupons.code, 'WELCOME10'));
      const res = await payNow(u, {
        coupon_code: 'welcome10',
        cart_products: [lineOf(goods[0]!, 2)],
      });
      expect(res.status).toBe(200);
      const row = await orderRow(res.body.order_id);
      expect(row).toMatchObject({ couponApplied: true, couponCode: 'WELCOME10' });
      expect(row.discountPaise).toBeGreaterThan(0);
      const [after] = await t.database.db
        .select()
        .from(coupons)
        .where(eq(coupons.code, 'WELCOME10'));
      expect(after!.uses).toBe(before!.uses + 1);
      expect(await payNow(u, { coupon_code: 'WELCOME10' })).toMatchObject({
        status: 400,
        body: { msg: 'You have already used this coupon', field: 'coupon_code' },
      });
    });

    it('returns the same order for a retried Idempotency-Key, never a second one', async () => {
      const u = await buyer();
      const key = { 'idempotency-key': `key-${randomUUID()}` };
      const first = await payNow(u, {}, key);
      const again = await payNow(u, {}, key);
      expect(first.status).toBe(200);
      expect(again.body).toEqual(first.body);
      // Another cart (the same one would reuse the first order, decision 0040).
      const concurrent = await Promise.all(
        Array.from({ length: 5 }, () =>
          payNow(u, { customer_note: 'another' }, { 'idempotency-key': 'same-key-12345' }),
        ),
      );
      const ids = new Set(concurrent.map((r) => r.body.order_id));
      expect(concurrent.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(ids.size).toBe(1);
      const mine = await t.database.db.select().from(orders).where(eq(orders.userId, u.userId));
      expect(mine).toHaveLength(2);
      expect(await payNow(u, { customer_note: 'changed' }, key)).toMatchObject({
        status: 409,
        body: { field: 'idempotency-key' },
      });
      expect(await payNow(u, {}, { 'idempotency-key': 'short' })).toMatchObject({
        status: 400,
        body: { field: 'idempotency-key' },
      });
    });
    it('a retried Idempotency-Key opens the gateway order a crashed first request never opened', async () => {
      const u = await buyer();
      const key = { 'idempotency-key': `key-${randomUUID()}` };
      const first = await payNow(u, {}, key);
      expect(first.status).toBe(200);
      // As if the process died after committing the order, before recording its gateway order.
      await t.database.db
        .update(orders)
        .set({ gatewayOrderId: null })
        .where(eq(orders.id, first.body.order_id));
      const again = await payNow(u, {}, key);
      expect(again.status).toBe(200);
      expect(again.body.order_id).toBe(first.body.order_id);
      expect(again.body.razorpay_order.id).not.toBe(first.body.razorpay_order.id);
      const row = await orderRow(first.body.order_id);
      expect(row.gatewayOrderId).toBe(again.body.razorpay_order.id);
      // A later retry answers with that same gateway order.
      expect((await payNow(u, {}, key)).body).toEqual(again.body);
    }, 30_000);
  });

  describe('confirming a payment', () => {
    it("refuses a wrong signature and another user's order", async () => {
      const u = await buyer();
      const res = await payNow(u);
      const gid = res.body.razorpay_order.id;
      expect(
        await verify(u, gid, 'pay_x', checkoutSignature(gid, 'pay_x', 'wrong-secret')),
      ).toMatchObject({
        status: 400,
        body: { msg: 'Payment verification failed.', field: 'razorpay_signature' },
      });
      // A signature made for another order id does not confirm this one.
      expect(
        await verify(u, gid, 'pay_x', checkoutSignature('order_other', 'pay_x', KEY_SECRET)),
      ).toMatchObject({ status: 400 });
      const other = await buyer();
      expect(await verify(other, gid, 'pay_x')).toMatchObject({ status: 404 });
      expect((await orderRow(res.body.order_id)).paymentStatus).toBe('Pending');
    });

    it('replays of verify and webhooks in any order give one paid order, one sale, one email pair, one cart clear', async () => {
      const u = await buyer();
      const a = goods[1]!;
      await u.post('/api/cart', { ...lineOf(goods[2]!), user_id: u.userId, main_id: MAIN });
      const res = await payNow(u, { cart_products: [lineOf(a, 2)] });
      const gid = res.body.razorpay_order.id;
      const amount = res.body.razorpay_order.amount;
      const soldBefore = (await product(a.id)).totalSold;
      const sent = mail.sent.length;
      const pay = 'pay_Replay000001';
      const calls: (() => Promise<{ statusCode?: number; status?: number }>)[] = [];
      for (let i = 0; i < 3; i += 1) {
        calls.push(() => verify(u, gid, pay));
        calls.push(() =>
          webhook('payment.captured', gid, pay, amount, { eventId: 'evt_same_captured' }),
        );
        calls.push(() => webhook('order.paid', gid, pay, amount));
      }
      for (const call of calls) {
        const r = await call();
        expect(r.statusCode ?? r.status).toBe(200);
      }
      await Promise.all(calls.map((c) => c()));
      const row = await orderRow(res.body.order_id);
      expect(row).toMatchObject({
        paymentStatus: 'Success',
        gatewayPaymentId: pay,
        orderStatus: 'Processing',
      });
      expect((await product(a.id)).totalSold).toBe(soldBefore + 2);
      expect(mail.sent.slice(sent).map((m) => m.to)).toEqual([u.email, 'orders@urbanroll.example']);
      expect(mail.sent[sent]!.text).toContain('Includes GST');
      const cart = await u.get<{ data: unknown[] }>(`/api/cart/${u.userId}`);
      expect(cart.body.data).toEqual([]);
    });

    it('a payment reported again after it settled its order is recorded without a transaction', async () => {
      const u = await buyer();
      const res = await payNow(u);
      const gid = res.body.razorpay_order.id;
      const pay = 'pay_Settled00001';
      expect((await verify(u, gid, pay)).status).toBe(200);
      statements = [];
      const again = await webhook('payment.captured', gid, pay, res.body.razorpay_order.amount);
      const again2 = await verify(u, gid, pay);
      const sent = statements;
      statements = null;
      expect([again.statusCode, again2.status]).toEqual([200, 200]);
      // One read of the order and one event row each; no lock, no conditional update.
      expect(sent.filter((q) => /^\s*(begin|update)|for update/i.test(q))).toEqual([]);
      expect(sent.filter((q) => /insert into "payment_events"/i.test(q))).toHaveLength(2);
      expect((await orderRow(res.body.order_id)).gatewayPaymentId).toBe(pay);
    });

    it('a payment of an order holding its stock is marked paid in one statement; a released hold, in a transaction', async () => {
      const u = await buyer();
      const [a, b] = [goods[5]!, goods[6]!];
      const sold = async () => [(await product(a.id)).totalSold, (await product(b.id)).totalSold];
      const timelineOf = (orderId: string) =>
        t.database.db
          .select({ to: orderTimeline.toStatus, note: orderTimeline.note })
          .from(orderTimeline)
          .where(eq(orderTimeline.orderId, orderId))
          .orderBy(orderTimeline.seq);
      const paid = async (lines: Record<string, unknown>[], pay: string, released = false) => {
        const res = await payNow(u, { cart_products: lines });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
        if (released) {
          await t.database.db
            .update(orders)
            .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
            .where(eq(orders.id, res.body.order_id));
          expect(await t.services.holds.sweep()).toContain(res.body.order_id);
        }
        statements = [];
        expect((await verify(u, res.body.razorpay_order.id, pay)).status).toBe(200);
        const sent = statements;
        statements = null;
        const row = await orderRow(res.body.order_id);
        expect(row).toMatchObject({
          paymentStatus: 'Success',
          orderStatus: 'Processing',
          gatewayPaymentId: pay,
          stockReleasedAt: null,
        });
        expect(row.paidAt).not.toBeNull();
        expect(row.processingDate).not.toBeNull();
        expect(await timelineOf(row.id)).toEqual([
          { to: 'Pending', note: 'Order placed' },
          { to: 'Processing', note: 'Payment received' },
        ]);
        return sent;
      };
      const before = await sold();
      for (const [lines, pay] of [
        [[lineOf(a, 2)], 'pay_OneStatement1'],
        [[lineOf(b, 1), lineOf(a, 3)], 'pay_OneStatement2'],
      ] as const) {
        const sent = await paid([...lines], pay);
        // No lock taken apart from the statement's own (no transaction), one update of the order.
        expect(sent.filter((q) => /^\s*begin|^select[^(]*for update/i.test(q))).toEqual([]);
        expect(sent.filter((q) => /update "orders"/i.test(q))).toHaveLength(1);
      }
      expect(await sold()).toEqual([before[0]! + 5, before[1]! + 1]);
      // A hold released before the payment: the transaction takes the stock again.
      const stock = (await product(b.id)).totalStock;
      const again = await paid([lineOf(b, 2)], 'pay_Transaction1', true);
      expect(again.filter((q) => /^select[^(]*for update/i.test(q))).toHaveLength(1);
      expect(await sold()).toEqual([before[0]! + 5, before[1]! + 3]);
      expect((await product(b.id)).totalStock).toBe(stock - 2);
    });

    it('an order of several stock rows is placed in one statement, all or nothing', async () => {
      const [a, b] = [goods[9]!, goods[11]!];
      const stocks = async () => [
        (await product(a.id)).totalStock,
        (await product(b.id)).totalStock,
      ];
      const u = await buyer();
      const before = await stocks();
      statements = [];
      const res = await payNow(u, { cart_products: [lineOf(a, 2), lineOf(b, 1)] });
      const sent = statements;
      statements = null;
      expect(res.status).toBe(200);
      expect(sent.filter((q) => /^\s*begin/i.test(q))).toEqual([]);
      expect(sent.filter((q) => /insert into "orders"/i.test(q))).toHaveLength(1);
      expect(await stocks()).toEqual([before[0]! - 2, before[1]! - 1]);
      // The second row short: nothing is taken from the first either.
      await t.database.db.update(products).set({ totalStock: 0 }).where(eq(products.id, b.id));
      const short = await payNow(await buyer(), { cart_products: [lineOf(a, 1), lineOf(b, 1)] });
      expect(short.status).toBe(409);
      expect(short.body).toMatchObject({ field: 'cart_products.1.quantity' });
      expect(await stocks()).toEqual([before[0]! - 2, 0]);
      await t.database.db
        .update(products)
        .set({ totalStock: before[1]! - 1 })
        .where(eq(products.id, b.id));
    });

    it("a summary and a placing take the shop's pincodes from the store cache, not the database", async () => {
      const u = await buyer();
      const line = lineOf(goods[2]!, 1);
      // The first summary may fill the store cache; after it, neither request reads pincodes.
      const summary = () =>
        u.post('/api/payment/summary', {
          main_id: MAIN,
          cart_products: [line],
          shipping_address: u.addressId,
        });
      expect((await summary()).status).toBe(200);
      statements = [];
      expect((await summary()).status).toBe(200);
      expect((await payNow(u, { cart_products: [line] })).status).toBe(200);
      const sent = statements;
      statements = null;
      expect(sent.filter((q) => /from "pincodes"/i.test(q))).toEqual([]);
    });

    it('a placing while the account holds an unpaid order goes straight to the transaction: five statements, the stock net of the release and the order in one', async () => {
      const [a, b] = [goods[3]!, goods[4]!];
      const stocks = async () => [
        (await product(a.id)).totalStock,
        (await product(b.id)).totalStock,
      ];
      const had = await stocks();
      await t.database.db
        .update(products)
        .set({ totalStock: 20 })
        .where(inArray(products.id, [a.id, b.id]));
      const before = [20, 20];
      const u = await buyer();
      // With a line the second cart lacks, so the second does not replace it (decision 0050:
      // no cancel after the commit), only releases its hold.
      const first = await payNow(u, { cart_products: [lineOf(a, 2), lineOf(goods[2]!, 1)] });
      expect(first.status).toBe(200);
      statements = [];
      // Another cart (a, less of it, and b): the release gives 2 of a back in the same pass.
      const second = await payNow(u, { cart_products: [lineOf(a, 1), lineOf(b, 1)] });
      const sent = statements;
      statements = null;
      expect(second.status).toBe(200);
      expect(await stocks()).toEqual([before[0]! - 1, before[1]! - 1]);
      expect((await orderRow(first.body.order_id)).stockReleasedAt).not.toBeNull();
      expect((await orderRow(second.body.order_id)).stockReleasedAt).toBeNull();
      // Not first through the one statement (its account gate would turn it away) and a read of
      // why; in the transaction (its BEGIN and COMMIT are counted on PostgreSQL only): the
      // account's row, the release with its lines, the stock and the order; nothing after.
      expect(sent.filter((q) => /with "account"/i.test(q))).toEqual([]);
      expect(sent.filter((q) => /insert into "orders"/i.test(q))).toHaveLength(1);
      const account = sent.findIndex((q) => /^update "users"/i.test(q));
      const order = sent.findIndex((q) => /insert into "orders"/i.test(q));
      expect(account).toBeGreaterThanOrEqual(0);
      expect(sent.slice(account, order + 1)).toHaveLength(3);
      expect(sent.slice(order + 1).filter((q) => !/^\s*commit/i.test(q))).toEqual([]);
      expect(sent.filter((q) => /^\s*begin/i.test(q)).length).toBeLessThanOrEqual(1);

      // Out of stock in the transaction: nothing is released, nothing taken (409).
      await t.database.db.update(products).set({ totalStock: 0 }).where(eq(products.id, b.id));
      const short = await payNow(u, { cart_products: [lineOf(b, 1)], customer_note: 'again' });
      expect(short.status).toBe(409);
      expect(short.body).toMatchObject({ field: 'cart_products.0.quantity' });
      expect((await orderRow(second.body.order_id)).stockReleasedAt).toBeNull();
      expect((await product(a.id)).totalStock).toBe(before[0]! - 1);
      await t.database.db
        .update(products)
        .set({ totalStock: before[1]! - 1 })
        .where(eq(products.id, b.id));
      // The same product again, as much as the held order has: the release and the placing net
      // to nothing on its row.
      const third = await payNow(u, {
        cart_products: [lineOf(a, 1), lineOf(b, 1)],
        customer_note: 'third',
      });
      expect(third.status).toBe(200);
      expect(await stocks()).toEqual([before[0]! - 1, before[1]! - 1]);
      expect((await orderRow(second.body.order_id)).stockReleasedAt).not.toBeNull();
      for (const [p, n] of [
        [a, had[0]!],
        [b, had[1]!],
      ] as const) {
        await t.database.db.update(products).set({ totalStock: n }).where(eq(products.id, p.id));
      }
    });

    it('parallel placings of the same two rows in either order sell each last unit once, no deadlock', async () => {
      const [a, b] = [goods[12]!, goods[13]!];
      await t.database.db
        .update(products)
        .set({ totalStock: 3 })
        .where(inArray(products.id, [a.id, b.id]));
      const buyers = await Promise.all(Array.from({ length: 6 }, () => buyer()));
      const answers = await Promise.all(
        buyers.map((u, i) =>
          payNow(u, {
            cart_products:
              i % 2 === 0 ? [lineOf(a, 1), lineOf(b, 1)] : [lineOf(b, 1), lineOf(a, 1)],
          }),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
      expect([(await product(a.id)).totalStock, (await product(b.id)).totalStock]).toEqual([0, 0]);
    });

    it('payments of orders naming the same products in either order, in parallel with placings of them: no deadlock, every unit counted', async () => {
      const [a, b] = [goods[7]!, goods[8]!];
      const buyers = await Promise.all(Array.from({ length: 6 }, () => buyer()));
      const placed = [];
      for (const [i, u] of buyers.entries()) {
        const lines = i % 2 === 0 ? [lineOf(a, 1), lineOf(b, 1)] : [lineOf(b, 1), lineOf(a, 1)];
        const res = await payNow(u, { cart_products: lines });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
        placed.push({ u, gid: res.body.razorpay_order.id });
      }
      const soldBefore = [(await product(a.id)).totalSold, (await product(b.id)).totalSold];
      const others = await Promise.all(Array.from({ length: 4 }, () => buyer()));
      const answers = await Promise.all([
        ...placed.map(({ u, gid }, i) => verify(u, gid, `pay_Parallel0000${i}`)),
        ...others.map((u, i) =>
          payNow(u, {
            cart_products: i % 2 === 0 ? [lineOf(b, 1), lineOf(a, 1)] : [lineOf(a, 1)],
          }),
        ),
      ]);
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
      expect([(await product(a.id)).totalSold, (await product(b.id)).totalSold]).toEqual([
        soldBefore[0]! + 6,
        soldBefore[1]! + 6,
      ]);
    });

    it('refuses a forged webhook and changes nothing', async () => {
      const u = await buyer();
      const res = await payNow(u);
      const gid = res.body.razorpay_order.id;
      const forged = await webhook(
        'payment.captured',
        gid,
        'pay_forged',
        res.body.razorpay_order.amount,
        {
          secret: 'not-the-secret',
        },
      );
      expect(forged.statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(unsigned.statusCode).toBe(400);
      expect((await orderRow(res.body.order_id)).paymentStatus).toBe('Pending');
    });

    it('marks a failed payment Failed; the hold lasts until it expires, then the sweeper releases stock and coupon', async () => {
      const u = await buyer();
      const a = goods[4]!;
      const stock = (await product(a.id)).totalStock;
      const [flat] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'FLAT200'));
      const res = await payNow(u, { cart_products: [lineOf(a, 3)], coupon_code: 'FLAT200' });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      const gid = res.body.razorpay_order.id;
      expect(
        (await webhook('payment.failed', gid, 'pay_failed1', res.body.razorpay_order.amount))
          .statusCode,
      ).toBe(200);
      expect((await orderRow(res.body.order_id)).paymentStatus).toBe('Failed');
      expect((await product(a.id)).totalStock).toBe(stock - 3);
      expect(await t.services.holds.sweep()).not.toContain(res.body.order_id);
      await t.database.db
        .update(orders)
        .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, res.body.order_id));
      expect(await t.services.holds.sweep()).toContain(res.body.order_id);
      expect(await t.services.holds.sweep()).not.toContain(res.body.order_id);
      expect((await product(a.id)).totalStock).toBe(stock);
      const [after] = await t.database.db.select().from(coupons).where(eq(coupons.id, flat!.id));
      expect(after!.uses).toBe(flat!.uses);
      const [redemption] = await t.database.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.orderId, res.body.order_id));
      expect(redemption!.releasedAt).not.toBeNull();

      // A payment after expiry takes the stock again when it is there.
      expect((await verify(u, gid, 'pay_late_ok')).status).toBe(200);
      expect(await orderRow(res.body.order_id)).toMatchObject({
        paymentStatus: 'Success',
        stockReleasedAt: null,
      });
      expect((await product(a.id)).totalStock).toBe(stock - 3);
      // ...and the coupon use its hold released.
      const [retaken] = await t.database.db.select().from(coupons).where(eq(coupons.id, flat!.id));
      expect(retaken!.uses).toBe(flat!.uses + 1);
      const [again] = await t.database.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.orderId, res.body.order_id));
      expect(again!.releasedAt).toBeNull();
    });

    it('refunds a late payment whose coupon was used up while its hold was released', async () => {
      const [limited] = await t.database.db
        .insert(coupons)
        .values({
          storeId: MAIN,
          code: `LATE${randomUUID().slice(0, 6)}`,
          priceOfferPaise: 10_000,
          totalUsageLimit: 1,
        })
        .returning();
      const late = await buyer();
      const prompt = await buyer();
      const a = goods[8]!;
      const stock = (await product(a.id)).totalStock;
      const first = await payNow(late, {
        cart_products: [lineOf(a, 1)],
        coupon_code: limited!.code,
      });
      if (first.status !== 200) throw new Error(JSON.stringify(first.body));
      await expire(first.body.order_id);
      expect(await t.services.holds.sweep()).toContain(first.body.order_id);
      // Another shopper takes the coupon's only use meanwhile.
      const second = await payNow(prompt, { coupon_code: limited!.code });
      expect(second.status).toBe(200);

      const gid = first.body.razorpay_order.id;
      const paid = await sandboxPay(gid);
      expect(
        (await verify(late, gid, paid.razorpay_payment_id, paid.razorpay_signature)).status,
      ).toBe(200);
      expect(await orderRow(first.body.order_id)).toMatchObject({
        paymentStatus: 'Refund pending',
        orderStatus: 'Cancelled',
      });
      const [refund] = await t.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, first.body.order_id));
      expect(refund).toMatchObject({
        gatewayPaymentId: paid.razorpay_payment_id,
        amountPaise: first.body.razorpay_order.amount,
        status: 'pending',
      });
      expect(refund!.reason).toContain('coupon');
      expect(refund!.gatewayRefundId).toMatch(/^rfnd_/);
      // Neither the stock nor the coupon is taken: the coupon stays at its one use.
      expect((await product(a.id)).totalStock).toBe(stock);
      const [after] = await t.database.db.select().from(coupons).where(eq(coupons.id, limited!.id));
      expect(after!.uses).toBe(1);
      const [redemption] = await t.database.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.orderId, first.body.order_id));
      expect(redemption!.releasedAt).not.toBeNull();
      // A replay changes nothing.
      expect(
        (await verify(late, gid, paid.razorpay_payment_id, paid.razorpay_signature)).status,
      ).toBe(200);
      expect(
        await t.database.db.select().from(refunds).where(eq(refunds.orderId, first.body.order_id)),
      ).toHaveLength(1);
    });

    it("refunds a late payment when the customer used the coupon's per-customer limit meanwhile", async () => {
      const u = await buyer();
      const a = goods[9]!;
      const stock = (await product(a.id)).totalStock;
      const [welcome] = await t.database.db
        .select()
        .from(coupons)
        .where(eq(coupons.code, 'WELCOME10'));
      const first = await payNow(u, { cart_products: [lineOf(a, 2)], coupon_code: 'WELCOME10' });
      if (first.status !== 200) throw new Error(JSON.stringify(first.body));
      await expire(first.body.order_id);
      expect(await t.services.holds.sweep()).toContain(first.body.order_id);
      // The released use lets the same customer use WELCOME10 on a new order.
      expect((await payNow(u, { coupon_code: 'WELCOME10' })).status).toBe(200);

      const gid = first.body.razorpay_order.id;
      const paid = await sandboxPay(gid);
      expect((await verify(u, gid, paid.razorpay_payment_id, paid.razorpay_signature)).status).toBe(
        200,
      );
      expect((await orderRow(first.body.order_id)).paymentStatus).toBe('Refund pending');
      expect((await product(a.id)).totalStock).toBe(stock);
      const [after] = await t.database.db.select().from(coupons).where(eq(coupons.id, welcome!.id));
      expect(after!.uses).toBe(welcome!.uses + 1);
    });

    it('refunds a payment that arrives after the hold expired and the stock is gone', async () => {
      const u = await buyer();
      const a = goods[6]!;
      const res = await payNow(u, { cart_products: [lineOf(a, 1)] });
      const gid = res.body.razorpay_order.id;
      await t.database.db
        .update(orders)
        .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, res.body.order_id));
      expect(await t.services.holds.sweep()).toContain(res.body.order_id);
      await t.database.db.update(products).set({ totalStock: 0 }).where(eq(products.id, a.id));
      // Pay through the sandbox so the refund has a captured payment to refund.
      const gateway = await import('../../adapters/sandbox-gateway.ts');
      const sandbox = gateway.sandboxGateway({
        db: t.database.db,
        credentials: {
          keyId: 'rzp_test_sandbox',
          keySecret: KEY_SECRET,
          webhookSecret: WEBHOOK_SECRET,
        },
      });
      const paid = await sandbox.pay({ orderId: gid, method: 'upi', outcome: 'success' });
      if (!paid.ok) throw new Error('sandbox payment failed');
      const v = await verify(
        u,
        gid,
        paid.answer.razorpay_payment_id,
        paid.answer.razorpay_signature,
      );
      expect(v.status).toBe(200);
      expect(await orderRow(res.body.order_id)).toMatchObject({
        paymentStatus: 'Refund pending',
        orderStatus: 'Cancelled',
      });
      const [refund] = await t.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, res.body.order_id));
      expect(refund).toMatchObject({
        gatewayPaymentId: paid.answer.razorpay_payment_id,
        status: 'pending',
      });
      expect((await product(a.id)).totalStock).toBe(0);

      // The gateway's refund.processed webhook marks it Refunded (once).
      const { sandboxGatewayRefunds } = await import('@shop/db');
      const [gatewayRefund] = await t.database.db
        .select()
        .from(sandboxGatewayRefunds)
        .where(eq(sandboxGatewayRefunds.paymentId, paid.answer.razorpay_payment_id));
      const raw = JSON.stringify({
        entity: 'event',
        event: 'refund.processed',
        payload: {
          refund: {
            entity: {
              id: gatewayRefund?.id ?? 'rfnd_test0000001',
              payment_id: paid.answer.razorpay_payment_id,
              amount: res.body.razorpay_order.amount,
              status: 'processed',
            },
          },
        },
        created_at: 1_700_000_000,
      });
      for (let i = 0; i < 2; i += 1) {
        const r = await t.app.inject({
          method: 'POST',
          url: '/api/payment/webhook',
          payload: raw,
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': webhookSignature(raw, WEBHOOK_SECRET),
            'x-razorpay-event-id': 'evt_refund_processed1',
          },
        });
        expect(r.statusCode).toBe(200);
      }
      expect((await orderRow(res.body.order_id)).paymentStatus).toBe('Refunded');
      const [done] = await t.database.db
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, res.body.order_id));
      expect(done!.status).toBe('processed');
    });
  });

  describe('reading orders', () => {
    it("lists the owner's orders newest first; others get 403 for the list and 404 for an order", async () => {
      const u = await buyer();
      const first = await payNow(u);
      const second = await payOnDelivery(u);
      const list = await u.get<{ data: Order[] }>(`/api/payment/${u.userId}`);
      expect(list.status).toBe(200);
      expect(list.body.data.map((o) => o.order_id)).toEqual([
        second.body.order_id,
        first.body.order_id,
      ]);
      expect(list.body.data[1]).toMatchObject({
        payment_mode: 'Pay now',
        status: 'Pending',
        razorpay_order_id: first.body.razorpay_order.id,
        customer_note: 'Ring the bell',
      });
      const one = await u.get<{ data: Order }>(`/api/payment/order/${first.body.order_id}`);
      expect(one.body.data.cart_products[0]).toMatchObject({
        product_id: goods[0]!.id,
        quantity: 1,
        // Kept from when it was ordered, for tracking's delivery estimate.
        delivery_days: (await product(goods[0]!.id)).deliveryDays,
        course: false,
      });
      const other = await buyer();
      expect((await other.get(`/api/payment/${u.userId}`)).status).toBe(403);
      expect((await other.get(`/api/payment/order/${first.body.order_id}`)).status).toBe(404);
      expect((await client(t).get(`/api/payment/${u.userId}`)).status).toBe(401);
    });
  });

  it('a retry whose key lookup ran before the first took the last unit answers with its order', async () => {
    const p = goods[11]!;
    await t.database.db.update(products).set({ totalStock: 1 }).where(eq(products.id, p.id));
    const u = await buyer();
    const key = { 'idempotency-key': `key-${randomUUID()}` };
    const first = await payNow(u, { cart_products: [lineOf(p, 1)] }, key);
    expect(first.status).toBe(200);
    // The retry looked its key up a moment before the first committed: nothing yet. It then
    // finds the stock gone; the answer is the first's order, not "out of stock".
    const lookup = vi.spyOn(OrdersRepository.prototype, 'byIdempotencyKey');
    lookup.mockResolvedValueOnce(null);
    try {
      const retry = await payNow(u, { cart_products: [lineOf(p, 1)] }, key);
      expect(retry.status).toBe(200);
      expect(retry.body.order_id).toBe(first.body.order_id);
    } finally {
      lookup.mockRestore();
    }
  });

  postgresOnly(target).describe('races', () => {
    it('50 parallel buyers of the last unit: exactly one order holds it', async () => {
      const p = goods[7]!;
      await t.database.db.update(products).set({ totalStock: 1 }).where(eq(products.id, p.id));
      const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer()));
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          payNow(buyers[i % 10]!, { cart_products: [lineOf(p, 1)] }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s !== 200 && s !== 409 && s !== 400)).toEqual([]);
      expect((await product(p.id)).totalStock).toBe(0);
      // A buyer's later order may take the unit over from that buyer's earlier one (which gives
      // its hold back): one order holds it, and every order placed is that one buyer's.
      const placed = await t.database.db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            results.filter((r) => r.status === 200).map((r) => r.body.order_id),
          ),
        );
      expect(placed.filter((o) => o.stockReleasedAt === null)).toHaveLength(1);
      expect(new Set(placed.map((o) => o.userId)).size).toBe(1);
    });

    it('ten double clicks on the last unit with one Idempotency-Key: one order, all ten answered with it', async () => {
      const p = goods[8]!;
      await t.database.db.update(products).set({ totalStock: 1 }).where(eq(products.id, p.id));
      const u = await buyer();
      const key = { 'idempotency-key': `key-${randomUUID()}` };
      // The first takes the unit; the others find the stock gone, or the key taken, and answer
      // with the first one's order, not "out of stock".
      const results = await Promise.all(
        Array.from({ length: 10 }, () => payNow(u, { cart_products: [lineOf(p, 1)] }, key)),
      );
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
      expect(new Set(results.map((r) => r.body.order_id)).size).toBe(1);
      expect(
        await t.database.db.select().from(orders).where(eq(orders.userId, u.userId)),
      ).toHaveLength(1);
      expect((await product(p.id)).totalStock).toBe(0);
    });

    // The test database's node-postgres pool (drizzle's $client), for transactions held open.
    const pool = () => (t.database.db as unknown as { $client: pg.Pool }).$client;
    /** Waits until a backend of this database waits on a lock (a placing at the stock row). */
    /**
     * Resolves once a backend whose statement starts with `start` waits on a lock: the placing's
     * stock update (Drizzle's `update "products"`, or `with "taken"` when it is the one-statement
     * placing) or a test's price change (`UPDATE products`).
     * Other waiters (a late webhook of an earlier test bumping a catalogue version) do not count.
     */
    const waitingOn = async (...starts: string[]) => {
      for (let i = 0; i < 200; i += 1) {
        const { rows } = await pool().query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND EXISTS (SELECT FROM unnest($1::text[]) s WHERE starts_with(query, s))`,
          [starts],
        );
        if (rows[0]!.n > 0) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`nothing starting ${starts.join(' or ')} waited on a lock`);
    };
    // No coupon: the one statement placing starts with its stock rows' locks
    // (`checked_products`), or, for an unpaid order, its account gate (`account`).
    const placingWaits = () =>
      waitingOn('update "products"', 'with "checked_products"', 'with "account"');
    const changeWaits = () => waitingOn('UPDATE products');
    /** A price change that holds its row lock until `release` resolves, then commits. */
    const priceChange = async (productId: string, pricePaise: number, release: Promise<void>) => {
      const c = await pool().connect();
      await c.query('BEGIN');
      await c.query(
        'UPDATE products SET original_price_paise = $1, discount_price_paise = 0 WHERE id = $2',
        [pricePaise, productId],
      );
      const committed = release.then(async () => {
        await c.query('COMMIT');
        c.release();
      });
      return { committed };
    };
    const deferred = () => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    };

    it('a price changed while the order waited for its stock lock is priced again, never sold at the old price', async () => {
      const p = goods[5]!;
      const u = await buyer();
      const newPrice = p.originalPricePaise + 12_300;
      const release = deferred();
      const change = await priceChange(p.id, newPrice, release.promise);
      // The placing reads the old price (the change is not committed), then waits on the row.
      const placing = payNow(u, { cart_products: [lineOf(p, 1)] });
      await placingWaits();
      release.resolve();
      await change.committed;
      const res = await placing;
      expect(res.status).toBe(200);
      const summary = await u.post<{
        totalAmountbeforePay: number;
        lines: { product_price: number }[];
      }>('/api/payment/summary', {
        main_id: MAIN,
        cart_products: [lineOf(p, 1)],
        shipping_address: u.addressId,
      });
      expect(summary.body.lines[0]!.product_price).toBe(newPrice / 100);
      expect(res.body.razorpay_order.amount).toBe(
        Math.round(summary.body.totalAmountbeforePay * 100),
      );
      const [line] = await t.database.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, res.body.order_id));
      expect(line!.unitPricePaise).toBe(newPrice);
    });

    it('a price that changes again while the order is priced again is refused (409), nothing held', async () => {
      const p = goods[10]!;
      const u = await buyer();
      const stockBefore = (await product(p.id)).totalStock;
      const first = deferred();
      const second = deferred();
      const change1 = await priceChange(p.id, p.originalPricePaise + 1_000, first.promise);
      const placing = payNow(u, { cart_products: [lineOf(p, 1)] });
      await placingWaits();
      // A second change queues behind the placing; it gets the row when the first attempt
      // (which found the first change) rolls back, and holds it while the retry prices again.
      const change2 = priceChange(p.id, p.originalPricePaise + 2_000, second.promise);
      // Queued behind the placing before the first change commits (else the retry may win).
      await changeWaits();
      first.resolve();
      await change1.committed;
      const { committed } = await change2;
      await placingWaits();
      second.resolve();
      await committed;
      const res = await placing;
      const placed = await t.database.db.select().from(orders).where(eq(orders.userId, u.userId));
      if (res.status === 200) {
        // PostgreSQL does not promise which of two waiters gets a row first. When the second
        // change took it before the first attempt, that attempt saw it and the retry sold at
        // the newest price: still never the price read before a change.
        const lines = await t.database.db
          .select()
          .from(orderLines)
          .where(eq(orderLines.orderId, placed[0]!.id));
        expect(lines.map((l) => l.unitSalePricePaise)).toEqual([p.originalPricePaise + 2_000]);
        expect((await product(p.id)).totalStock).toBe(stockBefore - 1);
        return;
      }
      expect(res).toMatchObject({
        status: 409,
        body: { msg: PRICE_CHANGED, field: 'cart_products.0' },
      });
      expect((await product(p.id)).totalStock).toBe(stockBefore);
      expect(placed).toEqual([]);
    });

    it('a coupon with one use left is used once', async () => {
      const [last] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'LASTONE'));
      expect(last!.totalUsageLimit! - last!.uses).toBe(1);
      const buyers = await Promise.all(Array.from({ length: 10 }, () => buyer()));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => payNow(buyers[i % 10]!, { coupon_code: 'LASTONE' })),
      );
      // A buyer's second order may take the use over from that buyer's first (which gives it
      // back): one unreleased use, and every order that got it is that one buyer's.
      const won = results.filter((r) => r.status === 200).map((r) => r.body.order_id);
      expect(
        results.filter((r) => r.status === 400).every((r) => r.body.field === 'coupon_code'),
      ).toBe(true);
      const [after] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'LASTONE'));
      expect(after!.uses).toBe(after!.totalUsageLimit);
      const uses = await t.database.db
        .select()
        .from(couponRedemptions)
        .where(inArray(couponRedemptions.orderId, won));
      expect(uses.filter((u) => u.releasedAt === null)).toHaveLength(1);
      expect(new Set(uses.map((u) => u.userId)).size).toBe(1);
    });
  });
});
