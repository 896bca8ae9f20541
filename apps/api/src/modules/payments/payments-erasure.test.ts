import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents, refunds, users } from '@shop/db';
import { testDatabaseTargets, testOrderRow } from '@shop/db/testing';
import { MAIN } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())(
  "a shopper's erasure of their payment records on $name",
  (target) => {
    let t: TestApp;
    const db = () => t.database.db;
    beforeAll(async () => {
      t = await startTestApp(target);
    });
    afterAll(async () => {
      await t.close();
    });

    /** A cancelled, refunded order of a new account, with its payment event and refunds. */
    const refundedOrder = async (note: string) => {
      const [u] = await db()
        .insert(users)
        .values({ storeId: MAIN, email: `${randomUUID()}@example.com` })
        .returning();
      const [o] = await db()
        .insert(orders)
        .values(
          testOrderRow(MAIN, u!.id, {
            orderStatus: 'Cancelled',
            paymentStatus: 'Refunded',
            gatewayPaymentId: `pay_${randomUUID()}`,
          }),
        )
        .returning();
      await db()
        .insert(paymentEvents)
        .values({
          gateway: 'sandbox',
          eventId: `verify:${o!.gatewayPaymentId}`,
          eventType: 'verify',
          storeId: MAIN,
          orderId: o!.id,
          gatewayPaymentId: o!.gatewayPaymentId,
          payload: { email: u!.email, contact: '+919820012345' },
        });
      const refund = { storeId: MAIN, orderId: o!.id, gatewayPaymentId: o!.gatewayPaymentId! };
      await db()
        .insert(refunds)
        .values([
          { ...refund, amountPaise: 100, reason: `Order cancelled: ${note}`, status: 'processed' },
          { ...refund, amountPaise: 200, reason: 'Paid twice: the order had already been paid' },
        ]);
      return o!;
    };
    const rowsOf = async (orderIds: string[]) => ({
      events: await db()
        .select()
        .from(paymentEvents)
        .where(inArray(paymentEvents.orderId, orderIds)),
      refunds: await db().select().from(refunds).where(inArray(refunds.orderId, orderIds)),
    });

    it("keeps payment events and refunds as evidence, without the staff's cancel note, once", async () => {
      const mine = await refundedOrder('Asha rang from 98200 12345');
      const theirs = await refundedOrder('Ravi asked to cancel');
      const before = await rowsOf([mine.id, theirs.id]);
      const payments = t.services.payments;

      const counts = [
        { table: 'payment_events', erased: 0, anonymised: 0, kept: 1 },
        { table: 'refunds', erased: 0, anonymised: 0, kept: 2 },
      ];
      expect(await payments.erasePersonalDataOf([mine.id])).toEqual(counts);
      const after = await rowsOf([mine.id]);
      expect(after.events).toEqual(before.events.filter((e) => e.orderId === mine.id));
      expect(after.refunds.map((r) => r.reason).sort()).toEqual([
        'Order cancelled',
        'Paid twice: the order had already been paid',
      ]);
      expect(after.refunds.map((r) => [r.amountPaise, r.gatewayPaymentId, r.status])).toEqual(
        before.refunds
          .filter((r) => r.orderId === mine.id)
          .map((r) => [r.amountPaise, r.gatewayPaymentId, r.status]),
      );
      // Another shopper's are untouched.
      const others = await rowsOf([theirs.id]);
      expect(others.refunds.map((r) => r.reason)).toContain(
        'Order cancelled: Ravi asked to cancel',
      );

      // A second run changes nothing and counts the same rows kept.
      expect(await payments.erasePersonalDataOf([mine.id])).toEqual(counts);
      expect(await rowsOf([mine.id])).toEqual(after);
      expect(await payments.erasePersonalDataOf([])).toEqual([
        { table: 'payment_events', erased: 0, anonymised: 0, kept: 0 },
        { table: 'refunds', erased: 0, anonymised: 0, kept: 0 },
      ]);
    });
  },
);
