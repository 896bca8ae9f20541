import { getTableColumns, sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { orders } from '../schema/orders.ts';

/** An address snapshot as an order stores it (Bandra, Mumbai). */
export const testOrderAddress = {
  id: '00000000-0000-4000-8000-000000000001',
  location_user: 'Home',
  new_address: '12 Hill Road',
  city: 'Mumbai',
  area: 'Bandra West',
  pincode: '400050',
  latitude: 19.0596,
  longitude: 72.8295,
  user_name: 'Asha',
};

/** A consistent order row: ₹1,000 of goods at 5% GST, ₹100 off, ₹50 delivery, paid now. */
export const testOrderRow = (
  storeId: string,
  userId: string,
  over: Partial<typeof orders.$inferInsert> = {},
): typeof orders.$inferInsert => ({
  storeId,
  userId,
  receiptId: `rcpt_${Math.random().toString(36).slice(2)}`,
  paymentMode: 'Pay now',
  amountBeforeDiscountPaise: 100_000,
  discountPaise: 10_000,
  amountAfterDiscountPaise: 90_000,
  deliveryChargePaise: 5_000,
  totalAmountPaise: 95_000,
  amountToPayPaise: 95_000,
  taxableValuePaise: 85_715,
  cgstPaise: 2_143,
  sgstPaise: 2_142,
  sellerStateCode: '27',
  shippingState: 'Maharashtra',
  shippingStateCode: '27',
  mobile: '9820012345',
  billingAddress: testOrderAddress,
  shippingAddress: testOrderAddress,
  gateway: 'sandbox',
  stockHoldExpiresAt: new Date(Date.now() + 30 * 60_000),
  ...over,
});

/**
 * Writes an order with only the columns given, as a database migrated to an older version holds
 * orders (a migration test): the schema has columns of later migrations that Drizzle's insert
 * would name. Answers the row as written (the columns of its version, by their SQL names).
 */
export async function insertOrderAsOf(
  db: PgliteDatabase,
  row: typeof orders.$inferInsert,
): Promise<Record<string, unknown>> {
  const columns = getTableColumns(orders);
  const given = Object.entries(row).filter(([, v]) => v !== undefined);
  const value = (v: unknown) =>
    v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : v;
  const result = await db.execute<Record<string, unknown>>(
    sql`insert into orders (${sql.join(
      given.map(([k]) => sql.identifier(columns[k as keyof typeof columns].name)),
      sql`, `,
    )}) values (${sql.join(
      given.map(([, v]) => sql`${value(v)}`),
      sql`, `,
    )}) returning *`,
  );
  return result.rows[0]!;
}
