import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/contracts';
import {
  couponRedemptions,
  coupons,
  orderEmails,
  orders,
  orderTimeline,
  paymentEvents,
  products,
  refunds,
} from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { ORDER_MOVE_MESSAGES } from '@shop/domain';
import { webhookSignature } from '../../adapters/payment-signatures.ts';
import { localPushSender } from '../../adapters/push-sender.ts';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import { lineOf, type simpleProducts } from '../../test-support/checkout.ts';
import { orderKit, type OrderKit } from '../../test-support/orders.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { FulfilmentRepository } from './fulfilment-repository.ts';
import {
  FulfilmentService,
  STALE_ORDER,
  type FulfilmentServiceDeps,
} from './fulfilment-service.ts';

const KEY_SECRET = 'test-key-secret-0123456789abcdef';
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789ab';
const silent = { info: () => undefined, warn: () => undefined };

describe.each(testDatabaseTargets())('order fulfilment on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const push = localPushSender(silent);
  let goods: Awaited<ReturnType<typeof simpleProducts>>;
  let staffToken: string;
  let ownerToken: string;

  const db = () => t.database.db;
  let kit: OrderKit;
  const member: OrderKit['member'] = (...a) => kit.member(...a);
  const buyer = () => kit.buyer();
  const placeUnpaid: OrderKit['placeUnpaid'] = (...a) => kit.placeUnpaid(...a);
  const placePaid: OrderKit['placePaid'] = (...a) => kit.placePaid(...a);
  const placeNoAdvance: OrderKit['placeNoAdvance'] = (...a) => kit.placeNoAdvance(...a);

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, push, paymentWebhooks: null },
      config: { RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET },
    });
    kit = await orderKit(t, mail);
    goods = kit.goods;
    staffToken = await member('staff');
    ownerToken = await member('owner');
  });
  afterAll(async () => {
    await t.close();
  });

  const product = (id: string) =>
    db()
      .select()
      .from(products)
      .where(eq(products.id, id))
      .then((r) => r[0]!);
  const orderRow = (id: string) => kit.orderRow(id);

  const moveAs = (token: string | undefined, orderId: string, body: Record<string, unknown>) =>
    client(t).call<{ data: Order }>('PATCH', `/api/admin/orders/${orderId}`, body, token);
  /** Moves with the order's current version, as staff. */
  const move = async (orderId: string, to: string, extra: Record<string, unknown> = {}) =>
    moveAs(staffToken, orderId, {
      orderStatus: to,
      version: (await orderRow(orderId)).version,
      ...extra,
    });

  describe('who may move an order', () => {
    it("answers 401 signed out, 403 to a customer and to another store's staff, 200 to staff and owner", async () => {
      const u = await buyer();
      const { order_id } = await placePaid(u);
      const version = (await orderRow(order_id)).version;
      const body = { orderStatus: 'Packed', version };
      expect((await moveAs(undefined, order_id, body)).status).toBe(401);
      expect((await moveAs(u.token, order_id, body)).status).toBe(403);
      const elsewhere = await member('staff', 'threadline');
      expect(await moveAs(elsewhere, order_id, body)).toMatchObject({
        status: 403,
        body: { msg: 'You do not have access to this.' },
      });
      expect((await orderRow(order_id)).orderStatus).toBe('Processing');

      const byStaff = await moveAs(staffToken, order_id, body);
      expect(byStaff.status).toBe(200);
      expect(byStaff.body.data).toMatchObject({ orderStatus: 'Packed', version: version + 1 });
      const byOwner = await moveAs(ownerToken, order_id, {
        orderStatus: 'Shipped',
        version: version + 1,
      });
      expect(byOwner.status).toBe(200);
      expect(byOwner.body.data.orderStatus).toBe('Shipped');
    });

    it("reads one order for the store's staff only", async () => {
      const u = await buyer();
      const { order_id } = await placePaid(u);
      const read = (token: string | undefined) =>
        client(t).get<{ data: Order }>(`/api/admin/orders/${order_id}`, token);
      expect((await read(undefined)).status).toBe(401);
      expect((await read(u.token)).status).toBe(403);
      expect((await read(await member('staff', 'threadline'))).status).toBe(403);
      const res = await read(staffToken);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ order_id, orderStatus: 'Processing' });
      expect(res.body.data.timeline.map((e) => e.to)).toEqual(['Pending', 'Processing']);
      expect((await client(t).get(`/api/admin/orders/${randomUUID()}`, ownerToken)).status).toBe(
        404,
      );
    });

    it('answers 404 for an unknown order and 400 naming the field for bad input', async () => {
      expect(
        await moveAs(staffToken, randomUUID(), { orderStatus: 'Packed', version: 0 }),
      ).toMatchObject({
        status: 404,
        body: { msg: 'Order not found' },
      });
      const u = await buyer();
      const { order_id } = await placePaid(u);
      expect(await moveAs(staffToken, order_id, { orderStatus: 'Lost', version: 0 })).toMatchObject(
        {
          status: 400,
          body: { field: 'orderStatus' },
        },
      );
      expect(
        await moveAs(staffToken, order_id, { orderStatus: 'Packed', version: 'latest' }),
      ).toMatchObject({
        status: 400,
        body: { field: 'version' },
      });
      expect(await move(order_id, 'Packed', { refund_amount: 5 })).toMatchObject({
        status: 400,
        body: { field: 'refund_amount' },
      });
      expect((await orderRow(order_id)).orderStatus).toBe('Processing');
    });
  });

  describe('tax invoices, numbered in the move', () => {
    it('issues the invoice when the order first leaves the shop, and keeps it after', async () => {
      const u = await buyer();
      const { order_id } = await placePaid(u);
      expect((await move(order_id, 'Packed')).body.data.invoice).toBeNull();
      const shipped = (await move(order_id, 'Shipped')).body.data;
      expect(shipped.invoice?.number).toMatch(/^INV\/\d{4}\/\d{6}$/);
      const delivered = (await move(order_id, 'Delivered')).body.data;
      expect(delivered.invoice).toEqual(shipped.invoice);
      expect(delivered.credit_note).toBeNull();
    });

    it('issues it on a jump past Shipped, and none for an order cancelled before', async () => {
      const u = await buyer();
      const jumped = await placePaid(u);
      const out = (await move(jumped.order_id, 'Out for delivery')).body.data;
      expect(out.invoice?.number).toMatch(/^INV\//);
      const cancelled = await placePaid(u);
      const res = (await move(cancelled.order_id, 'Cancelled')).body.data;
      expect(res).toMatchObject({ orderStatus: 'Cancelled', invoice: null, credit_note: null });
    });
  });

  describe('transitions', () => {
    it('walks a paid order to Delivered, stamping each date once and keeping a timeline', async () => {
      const u = await buyer();
      const { order_id } = await placePaid(u);
      const paidRow = await orderRow(order_id);
      expect(paidRow.processingDate).not.toBeNull();
      for (const to of ['Packed', 'Shipped', 'Out for delivery', 'Delivered']) {
        const res = await move(order_id, to, { note: `now ${to}` });
        expect(res.status).toBe(200);
        expect(res.body.data.orderStatus).toBe(to);
      }
      const row = await orderRow(order_id);
      expect(row).toMatchObject({ orderStatus: 'Delivered', delivered: true });
      expect(row.processingDate).toEqual(paidRow.processingDate);
      expect(row.shippedDate).not.toBeNull();
      expect(row.outDeliveryDate!.getTime()).toBeGreaterThanOrEqual(row.shippedDate!.getTime());
      expect(row.deliveryDate!.getTime()).toBeGreaterThanOrEqual(row.outDeliveryDate!.getTime());

      const read = await u.get<{ data: Order }>(`/api/payment/order/${order_id}`);
      expect(read.body.data.delivered).toBe(true);
      expect(read.body.data.delivery_date).toBe(row.deliveryDate!.toISOString());
      expect(read.body.data.timeline.map((e) => [e.from, e.to, e.by, e.note])).toEqual([
        [null, 'Pending', 'customer', 'Order placed'],
        ['Pending', 'Processing', 'system', 'Payment received'],
        ['Processing', 'Packed', 'staff', 'now Packed'],
        ['Packed', 'Shipped', 'staff', 'now Shipped'],
        ['Shipped', 'Out for delivery', 'staff', 'now Out for delivery'],
        ['Out for delivery', 'Delivered', 'staff', 'now Delivered'],
      ]);
      const [staffRow] = await db()
        .select()
        .from(orderTimeline)
        .where(and(eq(orderTimeline.orderId, order_id), eq(orderTimeline.toStatus, 'Packed')));
      expect(staffRow!.actorUserId).not.toBeNull();

      // Nothing after Delivered.
      expect(await move(order_id, 'Cancelled')).toMatchObject({
        status: 409,
        body: { msg: ORDER_MOVE_MESSAGES.finished('Delivered'), field: 'orderStatus' },
      });
    });

    it('refuses illegal moves with a 409 naming the reason, and changes nothing', async () => {
      const u = await buyer();
      const { order_id } = await placePaid(u);
      expect(await move(order_id, 'Pending')).toMatchObject({
        status: 409,
        body: { msg: ORDER_MOVE_MESSAGES.toPending },
      });
      expect(await move(order_id, 'Processing')).toMatchObject({
        status: 409,
        body: { msg: ORDER_MOVE_MESSAGES.same('Processing') },
      });
      expect((await move(order_id, 'Shipped')).status).toBe(200);
      expect(await move(order_id, 'Packed')).toMatchObject({
        status: 409,
        body: { msg: ORDER_MOVE_MESSAGES.backwards('Shipped', 'Packed') },
      });
      expect(await move(order_id, 'Cancelled')).toMatchObject({
        status: 409,
        body: { msg: ORDER_MOVE_MESSAGES.cancelAfterShipped('Shipped') },
      });
      const row = await orderRow(order_id);
      expect(row.orderStatus).toBe('Shipped');
      expect(row.stockReleasedAt).toBeNull();
    });

    it('holds an unpaid order (only Cancel), and moves pay on delivery without an advance at once', async () => {
      const u = await buyer();
      const unpaid = await placeUnpaid(u);
      expect(await move(unpaid.order_id, 'Processing')).toMatchObject({
        status: 409,
        body: { msg: ORDER_MOVE_MESSAGES.unpaid },
      });

      const cod = await placeNoAdvance(u);
      const res = await move(cod.order_id, 'Out for delivery');
      expect(res.status).toBe(200);
      const row = await orderRow(cod.order_id);
      // Skipped steps are stamped too (Shipped on the way to Out for delivery).
      expect(row.shippedDate).toEqual(row.outDeliveryDate);
      expect(res.body.data.timeline.map((e) => e.to)).toEqual([
        'Pending',
        'Processing',
        'Out for delivery',
      ]);
    });

    it('answers 409 to a stale version and keeps the first change', async () => {
      const u = await buyer();
      const { order_id } = await placePaid(u);
      const version = (await orderRow(order_id)).version;
      expect((await moveAs(staffToken, order_id, { orderStatus: 'Packed', version })).status).toBe(
        200,
      );
      expect(
        await moveAs(staffToken, order_id, { orderStatus: 'Cancelled', version }),
      ).toMatchObject({
        status: 409,
        body: { msg: STALE_ORDER, field: 'version' },
      });
      expect((await orderRow(order_id)).orderStatus).toBe('Packed');
    });

    it('lets exactly one of 10 parallel moves with the same version win', async () => {
      const u = await buyer();
      const { order_id } = await placePaid(u);
      const version = (await orderRow(order_id)).version;
      const targets = ['Packed', 'Shipped', 'Out for delivery', 'Delivered', 'Cancelled'];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          moveAs(staffToken, order_id, { orderStatus: targets[i % targets.length], version }),
        ),
      );
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
      const row = await orderRow(order_id);
      expect(row.version).toBe(version + 1);
      expect(row.orderStatus).toBe(won[0]!.body.data.orderStatus);
      const rows = await db()
        .select()
        .from(orderTimeline)
        .where(eq(orderTimeline.orderId, order_id));
      expect(rows).toHaveLength(3); // placed, paid, the one move
    });
  });

  describe('cancelling', () => {
    it('puts an unpaid order’s held stock and coupon use back exactly once', async () => {
      const u = await buyer();
      const a = goods[0]!;
      const [flat] = await db().select().from(coupons).where(eq(coupons.code, 'FLAT200'));
      const stock = (await product(a.id)).totalStock;
      const placed = await placeUnpaid(u, {
        cart_products: [lineOf(a, 4)],
        coupon_code: 'FLAT200',
      });
      expect((await product(a.id)).totalStock).toBe(stock - 4);

      const res = await move(placed.order_id, 'Cancelled', { note: 'Customer called' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ orderStatus: 'Cancelled', refunds: [] });
      expect((await product(a.id)).totalStock).toBe(stock);
      const [after] = await db().select().from(coupons).where(eq(coupons.id, flat!.id));
      expect(after!.uses).toBe(flat!.uses);
      const [redemption] = await db()
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.orderId, placed.order_id));
      expect(redemption!.releasedAt).not.toBeNull();

      // A second cancel is refused and puts nothing back again.
      expect(await move(placed.order_id, 'Cancelled')).toMatchObject({
        status: 409,
        body: { msg: ORDER_MOVE_MESSAGES.same('Cancelled') },
      });
      expect((await product(a.id)).totalStock).toBe(stock);
      // The sweeper leaves it alone too (its hold ended with the cancel).
      await db()
        .update(orders)
        .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, placed.order_id));
      expect(await t.services.holds.sweep()).not.toContain(placed.order_id);
      const [still] = await db().select().from(coupons).where(eq(coupons.id, flat!.id));
      expect(still!.uses).toBe(flat!.uses);
    });

    it('does not put back again what the expired hold already released', async () => {
      const u = await buyer();
      const a = goods[1]!;
      const stock = (await product(a.id)).totalStock;
      const placed = await placeUnpaid(u, { cart_products: [lineOf(a, 2)] });
      await db()
        .update(orders)
        .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, placed.order_id));
      expect(await t.services.holds.sweep()).toContain(placed.order_id);
      expect((await product(a.id)).totalStock).toBe(stock);
      expect((await move(placed.order_id, 'Cancelled')).status).toBe(200);
      expect((await product(a.id)).totalStock).toBe(stock);
    });

    it('refunds a paid order in full, sold stock back; the signed refund.processed webhook confirms it once', async () => {
      const u = await buyer();
      const a = goods[2]!;
      const before = await product(a.id);
      const { order_id, paymentId } = await placePaid(u, { cart_products: [lineOf(a, 2)] });
      expect((await product(a.id)).totalSold).toBe(before.totalSold + 2);
      const paid = await orderRow(order_id);

      const res = await move(order_id, 'Cancelled', { note: 'Out of our hands' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ orderStatus: 'Cancelled', status: 'Refund pending' });
      expect(res.body.data.refunds).toEqual([
        expect.objectContaining({
          amount: paid.amountToPayPaise / 100,
          status: 'pending',
          reason: 'Order cancelled: Out of our hands',
          processedAt: null,
        }),
      ]);
      const after = await product(a.id);
      expect(after.totalStock).toBe(before.totalStock);
      expect(after.totalSold).toBe(before.totalSold);
      const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order_id));
      expect(refund!.gatewayRefundId).toMatch(/^rfnd_/);

      const raw = JSON.stringify({
        entity: 'event',
        account_id: 'acc_test',
        event: 'refund.processed',
        contains: ['refund', 'payment'],
        payload: {
          refund: {
            entity: {
              id: refund!.gatewayRefundId,
              payment_id: paymentId,
              amount: refund!.amountPaise,
              status: 'processed',
            },
          },
          payment: {
            entity: {
              id: paymentId,
              order_id: paid.gatewayOrderId,
              amount: paid.amountToPayPaise,
              status: 'refunded',
              method: 'upi',
            },
          },
        },
        created_at: 1_700_000_000,
      });
      const eventId = `evt_${randomUUID()}`;
      for (let i = 0; i < 3; i += 1) {
        const hook = await t.app.inject({
          method: 'POST',
          url: '/api/payment/webhook',
          payload: raw,
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': webhookSignature(raw, WEBHOOK_SECRET),
            'x-razorpay-event-id': eventId,
          },
        });
        expect(hook.statusCode).toBe(200);
      }
      const events = await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, eventId));
      expect(events).toHaveLength(1);
      const read = await u.get<{ data: Order }>(`/api/payment/order/${order_id}`);
      expect(read.body.data.status).toBe('Refunded');
      expect(read.body.data.refunds).toEqual([
        expect.objectContaining({ status: 'processed', processedAt: expect.any(String) }),
      ]);
      const confirmed = await orderRow(order_id);
      // Once: the replays did not move the version again.
      expect(confirmed.version).toBe(paid.version + 2);
    });

    it('refunds part of a paid order when asked, never more than was paid', async () => {
      const u = await buyer();
      const { order_id } = await placePaid(u);
      const paid = await orderRow(order_id);
      expect(
        await move(order_id, 'Cancelled', { refund_amount: paid.amountToPayPaise / 100 + 1 }),
      ).toMatchObject({ status: 400, body: { field: 'refund_amount' } });
      expect(await move(order_id, 'Cancelled', { refund_amount: 0.5 })).toMatchObject({
        status: 400,
        body: { field: 'refund_amount' },
      });
      const res = await move(order_id, 'Cancelled', { refund_amount: 1.5 });
      expect(res.status).toBe(200);
      expect(res.body.data.refunds.map((r) => r.amount)).toEqual([1.5]);
    });

    it('refunds nothing for an order paid nothing online, and refuses a refund amount', async () => {
      const u = await buyer();
      const cod = await placeNoAdvance(u);
      expect(await move(cod.order_id, 'Cancelled', { refund_amount: 10 })).toMatchObject({
        status: 400,
        body: { field: 'refund_amount' },
      });
      const res = await move(cod.order_id, 'Cancelled');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'Pending', refunds: [] });
    });

    it('refunds a payment that arrives after the order was cancelled, without taking stock again', async () => {
      const u = await buyer();
      const a = goods[0]!;
      const placed = await placeUnpaid(u, { cart_products: [lineOf(a, 1)] });
      expect((await move(placed.order_id, 'Cancelled')).status).toBe(200);
      const stock = (await product(a.id)).totalStock;
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/pay',
        payload: { order_id: placed.razorpay_order.id, method: 'upi', outcome: 'success' },
      });
      const { answer } = paid.json<{ answer: Record<string, string> }>();
      expect((await u.post('/api/payment/verify', answer)).status).toBe(200);
      expect((await product(a.id)).totalStock).toBe(stock);
      const row = await orderRow(placed.order_id);
      expect(row).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'Refund pending' });
      const [refund] = await db()
        .select()
        .from(refunds)
        .where(eq(refunds.orderId, placed.order_id));
      expect(refund).toMatchObject({ reason: 'Paid after the order was cancelled' });
    });
  });

  describe('notifications', () => {
    it('emails the customer and pushes to their devices on every change, after the commit', async () => {
      const u = await buyer();
      const device = `fcm-device-${randomUUID()}`;
      const reg = await client(t).post(
        '/api/firebase/register-token',
        { user_id: u.userId, deviceToken: device },
        u.token,
      );
      expect(reg.status).toBe(200);
      const { order_id, order_number } = await placePaid(u);
      const mailsBefore = mail.sent.length;
      const pushesBefore = push.sent.length;
      await move(order_id, 'Packed', { note: 'Packed with care' });
      await move(order_id, 'Shipped');
      const mails = mail.sent.slice(mailsBefore).filter((m) => m.to === u.email);
      expect(mails.map((m) => m.subject)).toEqual([
        expect.stringContaining(`${order_number}: Packed`),
        expect.stringContaining(`${order_number}: Shipped`),
      ]);
      expect(mails[0]!.text).toContain('Packed with care');
      expect(mails[0]!.text).toContain(`/track/${order_id}`);
      const pushes = push.sent.slice(pushesBefore);
      expect(pushes.map((p) => p.message.title)).toEqual([
        `Order ${order_number}: Packed`,
        `Order ${order_number}: Shipped`,
      ]);
      expect(pushes[0]!.tokens).toEqual([device]);
      expect(pushes[0]!.message.data).toMatchObject({ order_id, orderStatus: 'Packed' });
    });

    it('keeps the move when the email fails, and sends the email once the SMTP server is back', async () => {
      const u = await buyer();
      const { order_id } = await placePaid(u);
      mail.fail(true);
      try {
        expect((await move(order_id, 'Packed')).status).toBe(200);
      } finally {
        mail.fail(false);
      }
      expect((await orderRow(order_id)).orderStatus).toBe('Packed');
      const owed = () => db().select().from(orderEmails).where(eq(orderEmails.orderId, order_id));
      expect(await owed()).toMatchObject([{ kind: 'status', lastError: 'SMTP down' }]);
      // Its retry is due (after the backoff): sent, and no longer owed.
      const before = mail.sent.length;
      await db()
        .update(orderEmails)
        .set({ dueAt: new Date() })
        .where(eq(orderEmails.orderId, order_id));
      await t.services.emailOutbox.drain();
      expect(mail.sent.slice(before).map((m) => [m.to, m.subject])).toEqual([
        [u.email, expect.stringMatching(/: Packed$/)],
      ]);
      expect(await owed()).toEqual([]);
    });
  });

  describe('onMoved (for other modules acting inside the move)', () => {
    const service = (onMoved: FulfilmentServiceDeps['onMoved']) =>
      new FulfilmentService({
        repository: new FulfilmentRepository(db()),
        orders: {
          answerOrders: (rows) => Promise.resolve(rows.map((r) => ({ order_id: r.id }) as Order)),
          orderNumberOf: () => Promise.resolve('UR-10001'),
        },
        accounts: { deviceTokensOf: () => Promise.resolve([]), forgetDeviceTokens: async () => {} },
        consents: { allows: () => Promise.resolve(true) },
        audit: t.services.audit,
        gateways: {
          forStore: () => Promise.reject(new Error('no gateway in this test')),
        },
        emailsOwed: () => undefined,
        push,
        afterAnswer: t.afterAnswer,
        clock: () => new Date(),
        log: { error: () => undefined } as never,
        ...(onMoved && { onMoved }),
      });

    it('is called inside the transaction after the update; what it writes commits with the move', async () => {
      const u = await buyer();
      const cod = await placeNoAdvance(u);
      const seen: unknown[] = [];
      const s = service(async (tx, moved) => {
        const [row] = await tx.select().from(orders).where(eq(orders.id, moved.orderId));
        seen.push({ ...moved, statusInTx: row!.orderStatus });
        await tx
          .update(orders)
          .set({ customerNote: 'invoice numbered' })
          .where(eq(orders.id, moved.orderId));
      });
      const staff = { kind: 'staff', userId: u.userId, storeId: MAIN } as const;
      const version = (await orderRow(cod.order_id)).version;
      await s.move(staff, cod.order_id, { to: 'Shipped', note: '', version });
      expect(seen).toEqual([
        expect.objectContaining({
          orderId: cod.order_id,
          storeId: MAIN,
          from: 'Processing',
          to: 'Shipped',
          at: expect.any(Date),
          statusInTx: 'Shipped',
        }),
      ]);
      expect((await orderRow(cod.order_id)).customerNote).toBe('invoice numbered');
    });

    it('undoes the whole move when it throws', async () => {
      const u = await buyer();
      const a = goods[1]!;
      const placed = await placeUnpaid(u, { cart_products: [lineOf(a, 1)] });
      const stock = (await product(a.id)).totalStock;
      const s = service(() => Promise.reject(new Error('numbering failed')));
      const staff = { kind: 'staff', userId: u.userId, storeId: MAIN } as const;
      const before = await orderRow(placed.order_id);
      await expect(
        s.move(staff, placed.order_id, { to: 'Cancelled', note: '', version: before.version }),
      ).rejects.toThrow('numbering failed');
      const after = await orderRow(placed.order_id);
      expect(after).toMatchObject({ orderStatus: 'Pending', version: before.version });
      expect(after.stockReleasedAt).toBeNull();
      expect((await product(a.id)).totalStock).toBe(stock);
      const rows = await db()
        .select()
        .from(orderTimeline)
        .where(eq(orderTimeline.orderId, placed.order_id));
      expect(rows.map((r) => r.toStatus)).toEqual(['Pending']);
      // The move's email, owed inside it, is undone with it.
      expect(
        await db().select().from(orderEmails).where(eq(orderEmails.orderId, placed.order_id)),
      ).toEqual([]);
    });
  });
});
