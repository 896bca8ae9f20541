import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { migrationsBefore, shippedMigrations } from '../testing/migrations-before.ts';
import { insertOrderAsOf, testOrderRow } from '../testing/order-fixtures.ts';
import { orders } from './orders.ts';
import { stores } from './stores.ts';

/** Migration 0029: order numbers from a sequence per store, not a counter row (decision 0045). */
describe('migration 0029: a sequence per store numbers its orders', () => {
  let h: DatabaseHandle;
  let folder: string;
  let userId: string;
  const pg = () => h.db as unknown as PgliteDatabase;

  /** An order placed with only the columns of its time (the schema has later ones). */
  const place = async (storeId: string): Promise<number> =>
    Number(
      (await insertOrderAsOf(pg(), testOrderRow(storeId, userId, { orderNumber: 1 }))).order_number,
    );
  const sequenceExists = async (storeId: string): Promise<boolean> => {
    const r = await pg().execute<{ found: string | null }>(
      sql`select to_regclass(order_number_sequence(${storeId}))::text as found`,
    );
    return r.rows[0]!.found !== null;
  };

  beforeAll(async () => {
    h = openDatabase({});
    folder = migrationsBefore(29);
    await migrate(pg(), { migrationsFolder: folder });
    await h.db.insert(stores).values([
      { id: 's1', name: 'Shop' },
      { id: 'Kapda Mart — "Pune" store', name: 'No orders yet' },
    ]);
    // With only the columns of its time (the schema has later ones).
    const [u] = (
      await pg().execute<{ id: string }>(
        sql`insert into users (store_id, email) values ('s1', 'a@example.com') returning id`,
      )
    ).rows;
    userId = u!.id;
    // Numbered by 0027's counter row: 10001, 10002, 10003.
    for (let i = 0; i < 3; i++) await place('s1');
    await migrate(pg(), { migrationsFolder: shippedMigrations });
  });

  afterAll(async () => {
    await h.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("continues each store's numbers after its last order", async () => {
    expect(await place('s1')).toBe(10004);
    expect(await place('s1')).toBe(10005);
  });

  it('starts a store without orders, whatever its id, at 10001', async () => {
    expect(await place('Kapda Mart — "Pune" store')).toBe(10001);
  });

  it('gives a new store its own sequence and drops it with the store', async () => {
    await h.db.insert(stores).values({ id: 's3', name: 'New' });
    expect(await place('s3')).toBe(10001);
    expect(await place('s3')).toBe(10002);
    await h.db.delete(orders).where(eq(orders.storeId, 's3'));
    await h.db.delete(stores).where(eq(stores.id, 's3'));
    expect(await sequenceExists('s3')).toBe(false);
    expect(await sequenceExists('s1')).toBe(true);
  });

  it('leaves a number unused when the placing rolls back, and never repeats one', async () => {
    await expect(
      h.db.transaction(async (tx) => {
        await tx.insert(orders).values(testOrderRow('s1', userId));
        throw new Error('the placing failed after its order row');
      }),
    ).rejects.toThrow('the placing failed');
    expect(await place('s1')).toBe(10007);
  });

  it('no longer has the counter table', async () => {
    const r = await pg().execute<{ found: string | null }>(
      sql`select to_regclass('store_order_numbers')::text as found`,
    );
    expect(r.rows[0]!.found).toBeNull();
  });
});
