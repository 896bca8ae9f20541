import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  orderEmails,
  orders,
  orderTimeline,
  orderUtrs,
  taxDocuments,
  users,
  type OrderAddressSnapshot,
} from '@shop/db';
import { testDatabaseTargets, testOrderAddress, testOrderRow } from '@shop/db/testing';
import { MAIN } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())("a shopper's erasure of their orders on $name", (target) => {
  let t: TestApp;
  const db = () => t.database.db;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const shopper = async () => {
    const [u] = await db()
      .insert(users)
      .values({ storeId: MAIN, email: `${randomUUID()}@example.com`, fullName: 'Asha' })
      .returning();
    return { storeId: MAIN, userId: u!.id, email: u!.email };
  };
  type Subject = Awaited<ReturnType<typeof shopper>>;
  const order = async (s: Subject, over: Partial<typeof orders.$inferInsert> = {}) => {
    const [row] = await db()
      .insert(orders)
      .values(
        testOrderRow(s.storeId, s.userId, {
          userName: 'Asha Rao',
          userGstNo: '27AAAPL1234C1Z5',
          customerNote: 'Ring twice, ask for Asha',
          distanceKm: 7,
          orderStatus: 'Delivered',
          paymentStatus: 'Success',
          gatewayPaymentId: 'pay_123',
          ...over,
        }),
      )
      .returning();
    return row!;
  };
  const invoice = async (orderId: string) => {
    const sequence = Math.floor(Math.random() * 1_000_000);
    await db()
      .insert(taxDocuments)
      .values({
        storeId: MAIN,
        orderId,
        kind: 'invoice',
        number: `INV/2627/${sequence}`,
        financialYear: '2627',
        sequence,
        issuedAt: new Date(),
      });
  };
  const row = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  const orders_ = () => t.services.orders;
  const invoices = () => t.services.invoices;

  it('names the orders the shop is not done with, and every order of the account', async () => {
    const s = await shopper();
    const done = await order(s);
    const cancelled = await order(s, { orderStatus: 'Cancelled', paymentStatus: 'Failed' });
    const pending = await order(s, { orderStatus: 'Pending', paymentStatus: 'Pending' });
    const shipped = await order(s, { orderStatus: 'Shipped' });
    const refundOwed = await order(s, {
      orderStatus: 'Cancelled',
      paymentStatus: 'Refund pending',
    });
    const uncollected = await order(s, {
      paymentMode: 'Pay on delivery',
      amountToPayPaise: 20_000,
      remainingAmountPaise: 75_000,
    });
    const other = await shopper();
    await order(other, { orderStatus: 'Pending' });

    const open = await orders_().openOrderNumbersOf(MAIN, s.userId);
    const numberOf = async (o: typeof done) => orders_().orderNumberOf(o);
    expect(open.sort()).toEqual(
      (await Promise.all([pending, shipped, refundOwed, uncollected].map(numberOf))).sort(),
    );
    expect(open[0]).toMatch(/^[A-Z]+-\d+$/);
    expect((await orders_().orderIdsOf(MAIN, s.userId)).sort()).toEqual(
      [done, cancelled, pending, shipped, refundOwed, uncollected].map((o) => o.id).sort(),
    );
    expect(await orders_().orderIdsOf('another-store', s.userId)).toEqual([]);
  });

  it('keeps what the invoice prints on a held order, blanks every other personal column, once', async () => {
    const s = await shopper();
    const held = await order(s, { utr: null });
    const free = await order(s, { orderStatus: 'Cancelled', paymentStatus: 'Failed' });
    const others = await order(await shopper());
    await invoice(held.id);
    for (const o of [held, free, others]) {
      await db()
        .insert(orderTimeline)
        .values({ orderId: o.id, storeId: MAIN, toStatus: 'Cancelled', actorKind: 'staff' })
        .then(() =>
          db().insert(orderTimeline).values({
            orderId: o.id,
            storeId: MAIN,
            toStatus: 'Cancelled',
            actorKind: 'staff',
            note: 'Asha called from 98200 12345',
          }),
        );
      await db().insert(orderEmails).values({ orderId: o.id, kind: 'confirmation' });
    }
    const utr = String(Math.floor(1e11 + Math.random() * 8e11));
    await db().insert(orderUtrs).values({ storeId: MAIN, utr, orderId: free.id });
    await db().update(orders).set({ utr }).where(eq(orders.id, free.id));

    const ids = await orders_().orderIdsOf(MAIN, s.userId);
    const heldIds = await invoices().heldOrderIds(ids);
    expect([...heldIds]).toEqual([held.id]);
    expect(await invoices().erasePersonalDataOf(ids)).toEqual([
      { table: 'tax_documents', erased: 0, anonymised: 0, kept: 1 },
    ]);

    const first = await orders_().erasePersonalDataOf(s, heldIds);
    expect(first).toEqual([
      { table: 'orders', erased: 0, anonymised: 1, kept: 1 },
      { table: 'order_timeline', erased: 0, anonymised: 1, kept: 2 },
      { table: 'order_emails', erased: 2, anonymised: 0, kept: 0 },
      { table: 'order_utrs', erased: 0, anonymised: 0, kept: 1 },
    ]);

    const h = await row(held.id);
    expect(h).toMatchObject({
      userName: 'Asha Rao',
      userGstNo: '27AAAPL1234C1Z5',
      shippingState: 'Maharashtra',
      mobile: '',
      customerNote: '',
      distanceKm: null,
      gatewayPaymentId: 'pay_123',
    });
    const printed: OrderAddressSnapshot = { ...testOrderAddress, latitude: null, longitude: null };
    expect(h.billingAddress).toEqual(printed);
    expect(h.shippingAddress).toEqual(printed);

    const f = await row(free.id);
    expect(f).toMatchObject({
      userName: '',
      userGstNo: '',
      shippingState: '',
      mobile: '',
      customerNote: '',
      distanceKm: null,
      utr,
      gatewayPaymentId: 'pay_123',
      totalAmountPaise: free.totalAmountPaise,
    });
    const blank = { id: testOrderAddress.id, location_user: '', new_address: '', city: '' };
    expect(f.billingAddress).toMatchObject({ ...blank, pincode: '', user_name: '' });
    expect(f.shippingAddress).toMatchObject({ ...blank, latitude: null, longitude: null });

    const notes = await db()
      .select({ orderId: orderTimeline.orderId, note: orderTimeline.note })
      .from(orderTimeline)
      .where(inArray(orderTimeline.orderId, [held.id, free.id, others.id]));
    expect(notes.filter((n) => n.note !== '').map((n) => n.orderId)).toEqual([others.id]);
    expect(notes).toHaveLength(6);
    const owed = await db().select().from(orderEmails);
    expect(owed.filter((e) => [held.id, free.id].includes(e.orderId))).toEqual([]);
    expect(owed.some((e) => e.orderId === others.id)).toBe(true);
    expect(await db().select().from(orderUtrs).where(eq(orderUtrs.utr, utr))).toHaveLength(1);
    // Another shopper's order is untouched.
    expect(await row(others.id)).toEqual(others);

    // A second run changes nothing: nothing anonymised or erased, the held rows still kept.
    const before = await db().select().from(orders).where(eq(orders.userId, s.userId));
    expect(await orders_().erasePersonalDataOf(s, heldIds)).toEqual([
      { table: 'orders', erased: 0, anonymised: 0, kept: 1 },
      { table: 'order_timeline', erased: 0, anonymised: 0, kept: 2 },
      { table: 'order_emails', erased: 0, anonymised: 0, kept: 0 },
      { table: 'order_utrs', erased: 0, anonymised: 0, kept: 1 },
    ]);
    expect(await db().select().from(orders).where(eq(orders.userId, s.userId))).toEqual(before);
  });

  it('reports zeros for an account without orders', async () => {
    const s = await shopper();
    expect(await orders_().openOrderNumbersOf(MAIN, s.userId)).toEqual([]);
    const ids = await orders_().orderIdsOf(MAIN, s.userId);
    expect(ids).toEqual([]);
    expect([...(await invoices().heldOrderIds(ids))]).toEqual([]);
    expect(await orders_().erasePersonalDataOf(s, new Set())).toEqual([
      { table: 'orders', erased: 0, anonymised: 0, kept: 0 },
      { table: 'order_timeline', erased: 0, anonymised: 0, kept: 0 },
      { table: 'order_emails', erased: 0, anonymised: 0, kept: 0 },
      { table: 'order_utrs', erased: 0, anonymised: 0, kept: 0 },
    ]);
  });
});
