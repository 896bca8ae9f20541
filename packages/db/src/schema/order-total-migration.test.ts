import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { migrationsBefore } from '../testing/migrations-before.ts';
import { insertOrderAsOf, testOrderRow } from '../testing/order-fixtures.ts';
import { orderLines, orders } from './orders.ts';
import { stores } from './stores.ts';

describe('migration 0026: one order total', () => {
  let h: DatabaseHandle;
  let folder: string;
  let saleOrderId: string;
  let plainOrderId: string;

  beforeAll(async () => {
    h = openDatabase({});
    folder = migrationsBefore(26);
    // (the handle's database is a PGlite one: openDatabase without a URL)
    await migrate(h.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    await h.db.insert(stores).values({ id: 's1', name: 'Shop' });
    // With only the columns of its time (the schema has later ones).
    const [u] = (
      await (h.db as unknown as PgliteDatabase).execute<{ id: string }>(
        sql`insert into users (store_id, email) values ('s1', 'a@example.com') returning id`,
      )
    ).rows;
    const order = (over: Partial<typeof orders.$inferInsert>) => testOrderRow('s1', u!.id, over);
    // Written with only the columns given, as a database at 0025 holds orders.
    const insertOrder = async (row: typeof orders.$inferInsert): Promise<string> =>
      String((await insertOrderAsOf(h.db as unknown as PgliteDatabase, row)).id);
    // As the old code stored it: 2 tees listed at ₹1,200, sold at ₹1,000, ₹100 off, ₹50
    // delivery; amount after discount ₹2,300 (list - coupon) though the summary said ₹1,900.
    saleOrderId = await insertOrder(
      order({
        amountBeforeDiscountPaise: 240_000,
        discountPaise: 10_000,
        amountAfterDiscountPaise: 230_000,
        deliveryChargePaise: 5_000,
        totalAmountPaise: 195_000,
        amountToPayPaise: 195_000,
        taxableValuePaise: 185_715,
        cgstPaise: 4_643,
        sgstPaise: 4_642,
      }),
    );
    await h.db.insert(orderLines).values({
      orderId: saleOrderId,
      storeId: 's1',
      sku: 'TEE',
      name: 'Tee',
      quantity: 2,
      unitPricePaise: 120_000,
      unitSalePricePaise: 100_000,
      lineTotalPaise: 200_000,
      discountPaise: 10_000,
      hsnCode: '6109',
      gstRateBp: 500,
      taxableValuePaise: 180_953,
      taxPaise: 9_047,
      cgstPaise: 4_524,
      sgstPaise: 4_523,
    });
    // No sale price: the old rule and the new agree.
    plainOrderId = await insertOrder(
      order({
        amountBeforeDiscountPaise: 50_000,
        discountPaise: 0,
        amountAfterDiscountPaise: 50_000,
        deliveryChargePaise: 0,
        totalAmountPaise: 50_000,
        amountToPayPaise: 50_000,
        taxableValuePaise: 47_619,
        cgstPaise: 1_191,
        sgstPaise: 1_190,
      }),
    );
    await h.migrate();
  });

  afterAll(async () => {
    await h.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const afterOf = async (id: string) =>
    (await h.db.select().from(orders).where(eq(orders.id, id)))[0]!.amountAfterDiscountPaise;

  it('backfills the amount after discount as the lines at sale prices less the coupon', async () => {
    expect(await afterOf(saleOrderId)).toBe(200_000 - 10_000);
    expect(await afterOf(plainOrderId)).toBe(50_000);
  });

  it('then holds the new rule: after discount + delivery is the total', async () => {
    await expect(
      h.db
        .update(orders)
        .set({ amountAfterDiscountPaise: 230_000 })
        .where(eq(orders.id, saleOrderId)),
    ).rejects.toThrow();
  });
});
