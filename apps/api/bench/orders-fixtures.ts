/** The orders benchmark's data: the demo stores, bench products and pre-registered shoppers. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { and, asc, eq } from 'drizzle-orm';
import { addresses, products, seedDemoStores, users, type Database } from '@shop/db';
import { isCourse } from '@shop/domain';

import { ORDERS_STORE_ID } from './mix-users.ts';

export { ORDERS_STORE_ID };
export const SHOPPER_PASSWORD = 'bench-shopper-42';
export const shopperEmail = (i: number) => `bench.shopper.${i}@example.com`;

/**
 * Seeds the demo stores (office, delivery bands, pay buttons, GST), then `count` simple products
 * with ample stock cloned from a demo product, `raceCount` more of 1 unit each for the last-unit
 * race (every round races its own, so no round's stock is set by hand under a hold),
 * `shoppers` accounts with a Bandra address each (deliverable from the Mumbai office), and
 * `firstShoppers` more for the first placings.
 */
export async function seedOrdersBench(
  db: Database,
  o: { count: number; raceCount: number; shoppers: number; firstShoppers?: number },
) {
  await seedDemo(db);
  const candidates = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.storeId, ORDERS_STORE_ID),
        eq(products.productType, 'Simple'),
        eq(products.status, 'Active'),
      ),
    )
    .orderBy(asc(products.position));
  const template = candidates.find((p) => !isCourse(p));
  if (!template) throw new Error('no simple demo product to clone');
  // The clones get their own id and timestamps.
  const { id, createdAt, updatedAt, ...rest } = template;
  void [id, createdAt, updatedAt];
  const clone = (sku: string, i: number, stock: number) => ({
    ...rest,
    title: `Bench ${template.title} ${i}`,
    sku,
    stock,
    totalStock: stock,
    totalSold: 0,
    position: 10_000 + i,
  });
  const goods = await db
    .insert(products)
    .values(Array.from({ length: o.count }, (_, i) => clone(`BENCH-ORD-${i}`, i, 1_000_000)))
    .returning({ id: products.id, sku: products.sku });
  const race = await db
    .insert(products)
    .values(Array.from({ length: o.raceCount }, (_, i) => clone(`BENCH-RACE-${i}`, o.count + i, 1)))
    .returning({ id: products.id, sku: products.sku });

  const shoppers = await seedShoppers(db, o.shoppers);
  // Accounts that place one order each (a first placing: no unpaid order of theirs holds stock).
  const firstShoppers = await seedShoppers(db, o.firstShoppers ?? 0, o.shoppers);
  return { goods, race, shoppers, firstShoppers };
}

/** The demo stores (their artwork goes to a temporary folder, removed after). */
export async function seedDemo(db: Database) {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-uploads-'));
  try {
    await seedDemoStores(db, { uploadsDir });
  } finally {
    rmSync(uploadsDir, { recursive: true, force: true });
  }
}

/**
 * `count` accounts of the main demo store (one password hash for all), each with a Bandra
 * address (deliverable from the Mumbai office), inserted 2,000 at a time (a statement's
 * parameters are bounded); their emails are shopperEmail(from), shopperEmail(from + 1), …
 */
export async function seedShoppers(
  db: Database,
  count: number,
  from = 0,
): Promise<{ userId: string; addressId: string; i: number }[]> {
  const CHUNK = 2_000;
  if (count > CHUNK) {
    const out = [];
    for (let k = 0; k < count; k += CHUNK) {
      out.push(...(await seedShoppers(db, Math.min(CHUNK, count - k), from + k)));
    }
    return out;
  }
  if (count === 0) return [];
  const passwordHash = await hash(SHOPPER_PASSWORD);
  const accounts = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, k) => from + k).map((i) => ({
        storeId: ORDERS_STORE_ID,
        email: shopperEmail(i),
        fullName: `Bench Shopper ${i}`,
        mobile: '9820012345',
        passwordHash,
      })),
    )
    .returning({ id: users.id });
  const addressIds = await db
    .insert(addresses)
    .values(
      accounts.map((u) => ({
        storeId: ORDERS_STORE_ID,
        userId: u.id,
        locationUser: 'Home',
        newAddress: '12 Hill Road',
        city: 'Mumbai',
        area: 'Bandra West',
        pincode: '400050',
        latitude: 19.0596,
        longitude: 72.8295,
        userName: 'Bench Shopper',
      })),
    )
    .returning({ id: addresses.id });
  return accounts.map((u, k) => ({ userId: u.id, addressId: addressIds[k]!.id, i: from + k }));
}
