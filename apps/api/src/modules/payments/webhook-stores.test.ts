import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, refunds } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { webhookSignature } from '../../adapters/payment-signatures.ts';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { orderKit, type OrderKit } from '../../test-support/orders.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const OTHER = 'threadline';
const SERVER_SECRET = 'server-webhook-secret-0123456789';
const SECRET_A = 'store-a-webhook-secret-abcdefgh';
const SECRET_B = 'store-b-webhook-secret-ijklmnop';

/**
 * Issue 26 item 5: a webhook acts only on orders of the store whose webhook secret verified it.
 * Store A (urbanroll) and store B (threadline) each have their own webhook secret; B's owner
 * knows B's secret and tries to close A's refund with it.
 */
describe.each(testDatabaseTargets())('webhooks stay in their store on $name', (target) => {
  let t: TestApp;
  let kit: OrderKit;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { RAZORPAY_WEBHOOK_SECRET: SERVER_SECRET },
    });
    kit = await orderKit(t, mail);
    await t.services.paymentKeys.save(
      { storeId: MAIN, userId: null },
      {
        key_id: 'rzp_test_StoreAkeys01',
        key_secret: 'store-a-key-secret',
        webhook_secret: SECRET_A,
      },
    );
    await t.services.paymentKeys.save(
      { storeId: OTHER, userId: null },
      {
        key_id: 'rzp_test_StoreBkeys01',
        key_secret: 'store-b-key-secret',
        webhook_secret: SECRET_B,
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (body: unknown, secret: string) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(raw, secret),
        'x-razorpay-event-id': `evt_${randomUUID()}`,
      },
    });
  };
  const refundEvent = (
    refund: { id: string; paymentId: string; amount: number },
    payment?: { id: string; orderId: string; amount: number },
  ) => ({
    entity: 'event',
    event: 'refund.processed',
    payload: {
      refund: {
        entity: {
          id: refund.id,
          payment_id: refund.paymentId,
          amount: refund.amount,
          status: 'processed',
        },
      },
      ...(payment && {
        payment: {
          entity: {
            id: payment.id,
            order_id: payment.orderId,
            amount: payment.amount,
            status: 'refunded',
            method: 'upi',
          },
        },
      }),
    },
    created_at: 1_700_000_000,
  });

  /** A paid order of store A, cancelled by its owner: a refund waits for the gateway. */
  const refundPendingInA = async () => {
    const ownerToken = await kit.member('owner');
    const paid = await kit.placePaid(await kit.buyer());
    const version = (await kit.orderRow(paid.order_id)).version;
    const moved = await kit.patchAs(ownerToken, paid.order_id, {
      orderStatus: 'Cancelled',
      version,
    });
    if (moved.status !== 200) throw new Error(JSON.stringify(moved.body));
    const [refund] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, paid.order_id));
    expect(refund).toMatchObject({ status: 'pending', gatewayRefundId: expect.any(String) });
    return { paid, refund: refund! };
  };

  /** An order of store B (placed, then moved to B): the ids B's owner can name. */
  const orderOfB = async () => {
    const placed = await kit.placeUnpaid(await kit.buyer());
    await t.database.db
      .update(orders)
      .set({ storeId: OTHER })
      .where(eq(orders.id, placed.order_id));
    await t.database.db
      .update(orderLines)
      .set({ storeId: OTHER })
      .where(eq(orderLines.orderId, placed.order_id));
    return placed;
  };

  it("a refund.processed signed with store B's secret does not close store A's refund", async () => {
    const { paid, refund } = await refundPendingInA();
    const b = await orderOfB();

    // B's own order, with A's refund and payment ids: verified (B's secret, B's order), no effect.
    const forged = refundEvent(
      { id: refund.gatewayRefundId!, paymentId: paid.paymentId, amount: refund.amountPaise },
      { id: paid.paymentId, orderId: b.razorpay_order.id, amount: refund.amountPaise },
    );
    expect((await post(forged, SECRET_B)).statusCode).toBe(200);
    // Naming no order: the refund's own order (A's) decides the secret, and B's is refused.
    const bare = refundEvent({
      id: refund.gatewayRefundId!,
      paymentId: paid.paymentId,
      amount: refund.amountPaise,
    });
    expect((await post(bare, SECRET_B)).statusCode).toBe(400);
    expect((await post(bare, SERVER_SECRET)).statusCode).toBe(400);

    const [still] = await t.database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(still).toMatchObject({ status: 'pending', processedAt: null });
    expect((await kit.orderRow(paid.order_id)).paymentStatus).toBe('Refund pending');

    // Store A's own secret closes it.
    expect((await post(bare, SECRET_A)).statusCode).toBe(200);
    const [done] = await t.database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(done!.status).toBe('processed');
    expect((await kit.orderRow(paid.order_id)).paymentStatus).toBe('Refunded');
  });

  it("payment events signed with store B's secret do not touch store A's orders", async () => {
    const a = await kit.placeUnpaid(await kit.buyer());
    const payment = {
      id: 'pay_Forged00000001',
      order_id: a.razorpay_order.id,
      amount: a.razorpay_order.amount,
      status: 'captured',
      method: 'upi',
    };
    for (const event of ['payment.captured', 'order.paid', 'payment.failed']) {
      const res = await post(
        { entity: 'event', event, payload: { payment: { entity: payment } }, created_at: 1 },
        SECRET_B,
      );
      expect(res.statusCode).toBe(400);
    }
    expect((await kit.orderRow(a.order_id)).paymentStatus).toBe('Pending');
  });
});
