import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/contracts';
import { orderEmails, orderTimeline, products, refunds } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { RETRY_MESSAGES } from '@shop/domain';
import { capturingEmail } from '../../test-support/accounts.ts';
import { lineOf } from '../../test-support/checkout.ts';
import { orderKit, type KitBuyer, type OrderKit } from '../../test-support/orders.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Decision 0050: a Place order of the same goods as an earlier order still waiting for its
 * payment (another coupon, address, payment mode or quantity) replaces it: the earlier one is
 * cancelled, quietly, so the shopper has one order to pay, never two of the same goods.
 */
describe.each(testDatabaseTargets())('orders replaced by a newer order on $name', (target) => {
  let t: TestApp;
  let kit: OrderKit;
  const mail = capturingEmail();
  const race = postgresOnly(target);

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    kit = await orderKit(t, mail);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const stockOf = async (id: string) =>
    (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock;
  const readOrder = async (u: KitBuyer, orderId: string) =>
    (await u.get<{ data: Order }>(`/api/payment/order/${orderId}`)).body.data;
  const awaitingOf = async (u: KitBuyer) =>
    (await u.get<{ data: Order[] }>(`/api/payment/${u.userId}`)).body.data
      .filter((o) => o.awaiting_payment)
      .map((o) => o.order_id);

  it('the same goods placed again cancel the earlier unpaid order, quietly; Pay now of it is refused', async () => {
    const u = await kit.buyer();
    const p = kit.goods[0]!;
    const stock = await stockOf(p.id);
    const first = await kit.placeUnpaid(u, { cart_products: [lineOf(p, 1)] });
    const second = await kit.placeUnpaid(u, { cart_products: [lineOf(p, 2)] });
    expect(second.order_id).not.toBe(first.order_id);

    expect(await readOrder(u, first.order_id)).toMatchObject({
      orderStatus: 'Cancelled',
      awaiting_payment: false,
    });
    expect(await awaitingOf(u)).toEqual([second.order_id]);
    // The newer order says which order it replaced (issue 59 item 8); the earlier one replaced
    // none, and another shopper cannot read the newer one.
    expect((await readOrder(u, second.order_id)).replaced_orders).toEqual([first.order_number]);
    expect((await readOrder(u, first.order_id)).replaced_orders).toEqual([]);
    const stranger = await kit.buyer();
    expect((await stranger.get(`/api/payment/order/${second.order_id}`)).status).toBe(404);
    const [moved] = await db()
      .select()
      .from(orderTimeline)
      .where(eq(orderTimeline.orderId, first.order_id))
      .then((rows) => rows.filter((r) => r.toStatus === 'Cancelled'));
    expect(moved).toMatchObject({
      actorKind: 'customer',
      note: `Replaced by order ${second.order_number}`,
    });
    // No email of the cancel: the customer never had the earlier order confirmed.
    expect(
      await db().select().from(orderEmails).where(eq(orderEmails.orderId, first.order_id)),
    ).toEqual([]);
    // Only the newer order holds stock.
    expect(await stockOf(p.id)).toBe(stock - 2);
    expect(await u.post(`/api/payment/order/${first.order_id}/pay`, {})).toMatchObject({
      status: 409,
      body: { field: 'id', message: RETRY_MESSAGES.notAwaiting },
    });
  });

  it('an order of other goods is a purchase of its own: it stays payable', async () => {
    const u = await kit.buyer();
    const tee = await kit.placeUnpaid(u, { cart_products: [lineOf(kit.goods[0]!, 1)] });
    const skates = await kit.placeUnpaid(u, { cart_products: [lineOf(kit.goods[1]!, 1)] });
    expect((await awaitingOf(u)).sort()).toEqual([tee.order_id, skates.order_id].sort());
    // One of the earlier order's goods and something new: still not the same goods.
    const both = await kit.placeUnpaid(u, {
      cart_products: [lineOf(kit.goods[1]!, 1), lineOf(kit.goods[2]!, 1)],
    });
    expect(await awaitingOf(u)).toContain(tee.order_id);
    // Everything of the earlier orders placed together: they are replaced.
    const all = await kit.placeUnpaid(u, {
      cart_products: [lineOf(kit.goods[0]!, 1), lineOf(kit.goods[1]!, 1), lineOf(kit.goods[2]!, 1)],
    });
    expect(await awaitingOf(u)).toEqual([all.order_id]);
    expect((await kit.orderRow(both.order_id)).orderStatus).toBe('Cancelled');
    // Each order names the orders it cancelled, oldest first (skates went with `both`).
    expect((await readOrder(u, both.order_id)).replaced_orders).toEqual([skates.order_number]);
    expect((await readOrder(u, all.order_id)).replaced_orders).toEqual(
      [tee, both].map((o) => o.order_number),
    );
    expect((await readOrder(u, skates.order_id)).replaced_orders).toEqual([]);
  });

  it('a payment that still arrives for a replaced order is refunded in full, and the order stays cancelled', async () => {
    const u = await kit.buyer();
    const first = await kit.placeUnpaid(u, { cart_products: [lineOf(kit.goods[2]!, 1)] });
    await kit.placeUnpaid(u, { cart_products: [lineOf(kit.goods[2]!, 3)] });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { order_id: first.razorpay_order.id, method: 'upi', outcome: 'success' },
    });
    const { answer } = paid.json<{ answer: Record<string, string> }>();
    await u.post('/api/payment/verify', answer);
    expect(await kit.orderRow(first.order_id)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'Refund pending',
    });
    const back = await db().select().from(refunds).where(eq(refunds.orderId, first.order_id));
    expect(back.map((r) => r.amountPaise)).toEqual([first.razorpay_order.amount]);
  });

  it('pay on delivery of the same goods replaces the unpaid order and gives its stock back', async () => {
    const u = await kit.buyer();
    const p = kit.goods[0]!;
    const stock = await stockOf(p.id);
    const unpaid = await kit.placeUnpaid(u);
    const pod = await kit.placeNoAdvance(u);
    expect(await kit.orderRow(unpaid.order_id)).toMatchObject({ orderStatus: 'Cancelled' });
    expect((await kit.orderRow(unpaid.order_id)).stockReleasedAt).not.toBeNull();
    expect((await kit.orderRow(pod.order_id)).orderStatus).toBe('Processing');
    expect(await stockOf(p.id)).toBe(stock - 1);
  });

  it('a pay on delivery order replaced before its advance was paid: cancelled, its advance not paid', async () => {
    const u = await kit.buyer();
    const pod = await u.post<{ order_id: string; order_number: string }>(
      '/api/payment/paydelivery',
      kit.orderBody(u, { payment_mode: 'Pay on delivery' }),
    );
    expect(pod.status).toBe(200);
    const now = await kit.placeUnpaid(u);
    const replaced = await readOrder(u, pod.body.order_id);
    // The bill shows "Advance paid" only for an advance that was paid (issue 59 item 8).
    expect(replaced).toMatchObject({ orderStatus: 'Cancelled', advance_paid: false });
    expect(replaced.advance).toBeGreaterThan(0);
    expect((await readOrder(u, now.order_id)).replaced_orders).toEqual([pod.body.order_number]);
  });

  it("another customer's order of the same goods is never replaced", async () => {
    const a = await kit.buyer();
    const b = await kit.buyer();
    const mine = await kit.placeUnpaid(a);
    await kit.placeUnpaid(b);
    await kit.placeUnpaid(b, { cart_products: [lineOf(kit.goods[0]!, 2)] });
    expect(await awaitingOf(a)).toEqual([mine.order_id]);
    expect((await kit.orderRow(mine.order_id)).orderStatus).toBe('Pending');
  });

  race.it(
    'a placing that replaces an order while its payment is verified: the order ends paid and kept, or cancelled and refunded in full',
    async () => {
      const p = kit.goods[3]!;
      for (let round = 0; round < 8; round++) {
        const u = await kit.buyer();
        await db().update(products).set({ totalStock: 20 }).where(eq(products.id, p.id));
        const stock = await stockOf(p.id);
        const first = await kit.placeUnpaid(u, { cart_products: [lineOf(p, 1)] });
        const paid = await t.app.inject({
          method: 'POST',
          url: '/api/sandbox/pay',
          payload: { order_id: first.razorpay_order.id, method: 'upi', outcome: 'success' },
        });
        const { answer } = paid.json<{ answer: Record<string, string> }>();
        const body = kit.orderBody(u, { cart_products: [lineOf(p, 2)] });
        // Every other round the verify leaves first; in the rest it leaves 4 to 28 ms after the
        // placing: some rounds pay before the replace's cancel and some after it.
        const verify = () => u.post('/api/payment/verify', answer);
        const [placed, verified] =
          round % 2 === 0
            ? await Promise.all([verify(), u.post('/api/payment', body)]).then(
                ([v, pl]) => [pl, v] as const,
              )
            : await Promise.all([u.post('/api/payment', body), sleep(round * 4).then(verify)]);
        expect(placed.status).toBe(200);
        expect(verified.status).toBeLessThan(500);
        const row = await kit.orderRow(first.order_id);
        const back = await db().select().from(refunds).where(eq(refunds.orderId, first.order_id));
        if (row.orderStatus === 'Cancelled') {
          // The replace won: the payment that came after it is given back, all of it.
          expect(row.paymentStatus).toBe('Refund pending');
          expect(back.map((r) => r.amountPaise)).toEqual([first.razorpay_order.amount]);
          expect(await stockOf(p.id)).toBe(stock - 2);
        } else {
          // The payment won: the order is the shopper's, kept, with nothing refunded.
          expect(row.paymentStatus).toBe('Success');
          expect(row.orderStatus).not.toBe('Cancelled');
          expect(back).toEqual([]);
          expect(await stockOf(p.id)).toBe(stock - 3);
        }
        // Never a paid order left awaiting a payment, nor two of the same goods to pay.
        expect(await awaitingOf(u)).toHaveLength(1);
      }
    },
  );
});
