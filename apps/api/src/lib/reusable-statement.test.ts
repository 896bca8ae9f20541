import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stores, variations } from '@shop/db';
import { testDatabaseTargets, type TestDatabase } from '@shop/db/testing';
import { ReusableStatement } from './reusable-statement.ts';

describe.each(testDatabaseTargets())('ReusableStatement on $name', (target) => {
  let t: TestDatabase;
  const ids = { simple: '', variable: '', variation: '' };

  beforeAll(async () => {
    t = await target.open();
    const db = t.handle.db;
    await db.insert(stores).values({ id: 'rs', name: 'RS' });
    const base = { storeId: 'rs', category: 'Skates', originalPricePaise: 10_000, totalStock: 5 };
    const [simple] = await db
      .insert(products)
      .values({ ...base, title: 'Simple', sku: 'RS-S' })
      .returning();
    const [variable] = await db
      .insert(products)
      .values({ ...base, title: 'Variable', sku: 'RS-V', productType: 'Variable Product' })
      .returning();
    const [variation] = await db
      .insert(variations)
      .values({
        storeId: 'rs',
        productId: variable!.id,
        sku: 'RS-V-M',
        pricePaise: 12_000,
        stock: 3,
      })
      .returning();
    Object.assign(ids, { simple: simple!.id, variable: variable!.id, variation: variation!.id });
  });
  afterAll(async () => {
    await t.dispose();
  });

  // A store's products, each with its variation of one sku (null without one).
  const items = new ReusableStatement<{
    product: typeof products.$inferSelect;
    variation: typeof variations.$inferSelect | null;
  }>((db) =>
    db
      .select({ product: products, variation: variations })
      .from(products)
      .leftJoin(
        variations,
        and(eq(variations.productId, products.id), eq(variations.sku, sql.placeholder('sku'))),
      )
      .where(eq(products.storeId, sql.placeholder('store')))
      .orderBy(products.title)
      .prepare('test_items'),
  );
  const take = new ReusableStatement<{ left: number }>((db) =>
    db
      .update(products)
      .set({ totalStock: sql`${products.totalStock} - ${sql.placeholder('n')}::integer` })
      .where(eq(products.id, sql.placeholder('id')))
      .returning({ left: products.totalStock })
      .prepare('test_take'),
  );

  it('runs again with new values and maps rows as Drizzle does (a missing join is null)', async () => {
    const db = t.handle.db;
    const none = await items.run(db, db, { store: 'rs', sku: 'no such sku' });
    expect(none.map((r) => r.product.id)).toEqual([ids.simple, ids.variable]);
    expect(none[0]!.product).toMatchObject({ originalPricePaise: 10_000 });
    expect(none[0]!.product.createdAt).toBeInstanceOf(Date);
    expect(none.map((r) => r.variation)).toEqual([null, null]);
    const one = await items.run(db, db, { store: 'rs', sku: 'RS-V-M' });
    expect(one[1]!.variation).toMatchObject({ id: ids.variation, pricePaise: 12_000 });
    expect(one[0]!.variation).toBeNull();
    expect(await items.run(db, db, { store: 'elsewhere', sku: 'RS-V-M' })).toEqual([]);
  });

  it('runs inside the transaction it is given (rolled back with it)', async () => {
    const db = t.handle.db;
    const rollback = new Error('roll back');
    await expect(
      db.transaction(async (tx) => {
        expect(await take.run(db, tx, { id: ids.simple, n: 2 })).toEqual([{ left: 3 }]);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await take.run(db, db, { id: ids.simple, n: 1 })).toEqual([{ left: 4 }]);
  });
});
