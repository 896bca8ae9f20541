import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, PayNowResponse } from '@shop/contracts';
import { orderGatewayOrders, orders, products, refunds, stores } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { RETRY_MESSAGES } from '@shop/domain';
import { capturingEmail } from '../../test-support/accounts.ts';
import { lineOf } from '../../test-support/checkout.ts';
import { orderKit, type KitBuyer, type OrderKit } from '../../test-support/orders.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { PaymentsRepository } from './payments-repository.ts';
import { PAID_TWICE } from './payments-service.ts';

/**
 * Issue 29 item 1: a closed or failed payment leaves the order awaiting its payment; Pay now
 * opens the same order again, a second Place order of the same cart reuses it, and every order
 * carries a short number of its store (decision 0040).
 */
describe.each(testDatabaseTargets())('payments that retry on $name', (target) => {
  let t: TestApp;
  let kit: OrderKit;
  const mail = capturingEmail();
  const race = postgresOnly(target);

  beforeAll(async () => {
    // No webhooks: each test says what the gateway reported.
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    kit = await orderKit(t, mail);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const repo = () => new PaymentsRepository(db());
  const stockOf = async (id: string) =>
    (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock;
  const payAgain = (u: KitBuyer, orderId: string) =>
    u.post<PayNowResponse>(`/api/payment/order/${orderId}/pay`, {});
  const readOrder = async (u: KitBuyer, orderId: string) =>
    (await u.get<{ data: Order }>(`/api/payment/order/${orderId}`)).body.data;
  /** Pays a gateway order at the sandbox and sends its signed answer to verify. */
  const payAt = async (u: KitBuyer, gatewayOrderId: string) => {
    const { verified, paymentId } = await kit.payAtGateway(u, gatewayOrderId);
    expect(verified.status).toBe(200);
    return paymentId;
  };
  /** As if the order's hold ended and the sweeper gave its stock back. */
  const holdEnds = async (orderId: string) => {
    await db()
      .update(orders)
      .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    await t.services.holds.sweep();
    expect((await kit.orderRow(orderId)).stockReleasedAt).not.toBeNull();
  };

  it('a failed payment leaves the order awaiting payment; Pay now reopens the same order and gateway order', async () => {
    const u = await kit.buyer();
    const placed = await kit.placeUnpaid(u);
    expect(placed.order_number).toMatch(/^[A-Z]{2,3}-1\d{4,}$/);
    await repo().markFailed(placed.order_id, new Date());

    const shown = await readOrder(u, placed.order_id);
    expect(shown).toMatchObject({
      status: 'Failed',
      orderStatus: 'Pending',
      awaiting_payment: true,
      order_number: placed.order_number,
    });
    const list = (await u.get<{ data: Order[] }>(`/api/payment/${u.userId}`)).body.data;
    expect(list.map((o) => [o.order_id, o.awaiting_payment])).toEqual([[placed.order_id, true]]);

    const again = await payAgain(u, placed.order_id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      order_id: placed.order_id,
      receipt_id: placed.receipt_id,
      order_number: placed.order_number,
      razorpay_order: { id: placed.razorpay_order.id, amount: placed.razorpay_order.amount },
    });
    await payAt(u, again.body.razorpay_order.id);
    expect(await readOrder(u, placed.order_id)).toMatchObject({
      status: 'Success',
      orderStatus: 'Processing',
      awaiting_payment: false,
    });
    // Paid: nothing to pay again.
    expect(await payAgain(u, placed.order_id)).toMatchObject({
      status: 409,
      body: { field: 'id', message: RETRY_MESSAGES.notAwaiting },
    });
  });

  it('once the hold has ended, Pay now holds the stock again with a fresh gateway order; a payment of the old one still settles the order, a second one is refunded', async () => {
    const u = await kit.buyer();
    const p = kit.goods[1]!;
    const placed = await kit.placeUnpaid(u, { cart_products: [lineOf(p, 2)] });
    const stock = await stockOf(p.id);
    await holdEnds(placed.order_id);
    expect(await stockOf(p.id)).toBe(stock + 2);

    const again = await payAgain(u, placed.order_id);
    expect(again.status).toBe(200);
    expect(again.body.order_id).toBe(placed.order_id);
    expect(again.body.razorpay_order.id).not.toBe(placed.razorpay_order.id);
    expect(await stockOf(p.id)).toBe(stock);
    const row = await kit.orderRow(placed.order_id);
    expect(row.stockReleasedAt).toBeNull();
    expect(row.stockHoldExpiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(row.gatewayOrderId).toBe(again.body.razorpay_order.id);
    // While held, Pay now answers that same gateway order.
    expect((await payAgain(u, placed.order_id)).body.razorpay_order.id).toBe(
      again.body.razorpay_order.id,
    );

    // The shopper pays the old window after all: it is the order's, and settles it.
    const first = await payAt(u, placed.razorpay_order.id);
    expect(await kit.orderRow(placed.order_id)).toMatchObject({
      paymentStatus: 'Success',
      gatewayPaymentId: first,
      orderStatus: 'Processing',
    });
    expect(await stockOf(p.id)).toBe(stock);
    // And then the new one: a second payment of a paid order, refunded in full, once.
    const second = await payAt(u, again.body.razorpay_order.id);
    await payAt(u, again.body.razorpay_order.id).catch(() => undefined);
    const back = await db().select().from(refunds).where(eq(refunds.orderId, placed.order_id));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({
      gatewayPaymentId: second,
      amountPaise: placed.razorpay_order.amount,
      reason: PAID_TWICE,
    });
    expect((await kit.orderRow(placed.order_id)).paymentStatus).toBe('Success');
  });

  it('a second Place order of the same cart returns the same order; a changed cart places another', async () => {
    const u = await kit.buyer();
    const first = await kit.placeUnpaid(u, { cart_products: [lineOf(kit.goods[0]!, 1)] });
    const stock = await stockOf(kit.goods[0]!.id);
    const second = await kit.placeUnpaid(u, { cart_products: [lineOf(kit.goods[0]!, 1)] });
    expect(second).toMatchObject({
      order_id: first.order_id,
      order_number: first.order_number,
      razorpay_order: { id: first.razorpay_order.id },
    });
    expect(await stockOf(kit.goods[0]!.id)).toBe(stock);
    // A retried Idempotency-Key of that request answers the same order too.
    const key = { 'idempotency-key': `key-${randomUUID()}` };
    const body = kit.orderBody(u, { cart_products: [lineOf(kit.goods[0]!, 1)] });
    const keyed = await u.post<PayNowResponse>('/api/payment', body, key);
    expect(keyed.body.order_id).toBe(first.order_id);
    expect((await u.post<PayNowResponse>('/api/payment', body, key)).body.order_id).toBe(
      first.order_id,
    );
    // Another quantity is another cart: a new order (the first one's hold given back).
    const changed = await kit.placeUnpaid(u, { cart_products: [lineOf(kit.goods[0]!, 2)] });
    expect(changed.order_id).not.toBe(first.order_id);
    const mine = await db().select().from(orders).where(eq(orders.userId, u.userId));
    expect(mine).toHaveLength(2);
  });

  it("another customer cannot pay again someone's order", async () => {
    const owner = await kit.buyer();
    const other = await kit.buyer();
    const placed = await kit.placeUnpaid(owner);
    expect(await payAgain(other, placed.order_id)).toMatchObject({
      status: 404,
      body: { field: 'id' },
    });
    expect(await payAgain(other, 'not-an-order')).toMatchObject({ status: 400 });
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/payment/order/${placed.order_id}/pay`,
    });
    expect(anon.statusCode).toBe(401);
  });

  it('numbers orders per store, one after the other', async () => {
    const u = await kit.buyer();
    const a = await kit.placeUnpaid(u, { customer_note: 'a' });
    const b = await kit.placeUnpaid(u, { customer_note: 'b' });
    const n = (s: string) => Number(s.split('-')[1]);
    expect(n(b.order_number)).toBe(n(a.order_number) + 1);
    expect(b.order_number.split('-')[0]).toBe(a.order_number.split('-')[0]);
    // Another store's orders count from 10001 on their own.
    const other = `store-${randomUUID().slice(0, 8)}`;
    await db().insert(stores).values({ id: other, name: 'Kapda Mart' });
    const row = await kit.orderRow(a.order_id);
    // The trigger numbers every inserted row, whatever number it was given.
    const copy = (receiptId: string) => ({
      ...row,
      id: randomUUID(),
      orderNumber: 1,
      storeId: other,
      receiptId,
      gatewayOrderId: null,
      idempotencyKey: null,
    });
    const [x] = await db().insert(orders).values(copy('r1')).returning();
    const [y] = await db().insert(orders).values(copy('r2')).returning();
    expect([x!.orderNumber, y!.orderNumber]).toEqual([10001, 10002]);
    const c = await kit.placeUnpaid(u, { customer_note: 'c' });
    expect(n(c.order_number)).toBe(n(b.order_number) + 1);
  });

  race.it(
    'parallel Pay now calls on an order whose hold ended open one gateway order to pay and hold its stock once',
    async () => {
      const u = await kit.buyer();
      const p = kit.goods[2]!;
      const placed = await kit.placeUnpaid(u, { cart_products: [lineOf(p, 3)] });
      await holdEnds(placed.order_id);
      const stock = await stockOf(p.id);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => payAgain(u, placed.order_id)),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const ids = new Set(answers.map((a) => a.body.razorpay_order.id));
      expect(ids.size).toBe(1);
      const [current] = [...ids];
      expect(current).not.toBe(placed.razorpay_order.id);
      expect((await kit.orderRow(placed.order_id)).gatewayOrderId).toBe(current);
      expect(await stockOf(p.id)).toBe(stock - 3);
      // Every other gateway order opened for it (the first, and any a loser opened) still finds
      // the order: a capture on one settles it or is refunded.
      const replaced = await db()
        .select()
        .from(orderGatewayOrders)
        .where(eq(orderGatewayOrders.orderId, placed.order_id));
      expect(replaced.map((r) => r.gatewayOrderId)).toContain(placed.razorpay_order.id);
      expect(replaced.map((r) => r.gatewayOrderId)).not.toContain(current);
      for (const r of replaced) {
        expect((await repo().byGatewayOrderId(r.gatewayOrderId))?.id).toBe(placed.order_id);
      }
    },
  );

  for (const [name, holding, lastUnits] of [
    ['an account holding nothing (one statement each)', false, false],
    ['an account already holding another cart (the transaction each)', true, false],
    ['the cart takes the last units', false, true],
  ] as const) {
    race.it(
      `parallel Place orders of the same cart without an Idempotency-Key make one order: ${name}`,
      async () => {
        const u = await kit.buyer();
        const earlier = holding
          ? await kit.placeUnpaid(u, { cart_products: [lineOf(kit.goods[1]!, 1)] })
          : null;
        const p = kit.goods[3]!;
        if (lastUnits)
          await db().update(products).set({ totalStock: 2 }).where(eq(products.id, p.id));
        const stock = await stockOf(p.id);
        const body = kit.orderBody(u, { cart_products: [lineOf(p, 2)] });
        const answers = await Promise.all(
          Array.from({ length: 6 }, () => u.post<PayNowResponse>('/api/payment', body)),
        );
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
        const ids = new Set(answers.map((a) => a.body.order_id));
        expect(ids.size).toBe(1);
        expect(new Set(answers.map((a) => a.body.razorpay_order.id)).size).toBe(1);
        const [orderId] = [...ids];
        const mine = await db().select().from(orders).where(eq(orders.userId, u.userId));
        expect(mine.map((o) => o.id).sort()).toEqual(
          [orderId!, ...(earlier ? [earlier.order_id] : [])].sort(),
        );
        // The cart's stock is held once; the earlier cart's hold was given back for it.
        expect(await stockOf(p.id)).toBe(stock - 2);
        expect((await kit.orderRow(orderId!)).stockReleasedAt).toBeNull();
        if (earlier) expect((await kit.orderRow(earlier.order_id)).stockReleasedAt).not.toBeNull();
      },
    );
  }

  race.it('orders placed in parallel get distinct numbers, one after the other', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => kit.buyer()));
    const placed = await Promise.all(
      buyers.map((u, i) =>
        u.post<PayNowResponse>(
          '/api/payment',
          kit.orderBody(u, {
            // Half one stock row (one statement), half two (the transaction).
            cart_products:
              i % 2 === 0
                ? [lineOf(kit.goods[0]!)]
                : [lineOf(kit.goods[0]!), lineOf(kit.goods[1]!)],
          }),
        ),
      ),
    );
    expect(placed.map((r) => r.status)).toEqual(Array.from({ length: 8 }, () => 200));
    const numbers = placed.map((r) => Number(r.body.order_number.split('-')[1])).sort();
    expect(new Set(numbers).size).toBe(8);
    expect(numbers[7]! - numbers[0]!).toBe(7);
  });
});
