import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveryPriceBands,
  orders,
  payButtons,
  pincodes,
  products,
  seedDemoStores,
  storeSettings,
  type DatabaseHandle,
} from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { CheckoutRepository } from './checkout-repository.ts';
import { StoreCheckoutCache } from './store-checkout-cache.ts';

describe.each(testDatabaseTargets())('the per-store checkout cache on $name', (target) => {
  let handle: DatabaseHandle;
  let opened: Awaited<ReturnType<typeof target.open>>;
  const statements: string[] = [];
  let dir: string;
  const cacheOf = (checkEveryMs: number) =>
    new StoreCheckoutCache(
      new CheckoutRepository(handle.db),
      // The catalogue service's answer, read straight from the table.
      {
        payButtons: async (storeId: string) =>
          (await handle.db.select().from(payButtons).where(eq(payButtons.storeId, storeId))).map(
            (b) => ({
              button_id: b.buttonId,
              label: b.label,
              default: b.isDefault,
              status: b.status,
            }),
          ),
      },
      checkEveryMs,
    );

  beforeAll(async () => {
    opened = await target.open({ onQuery: (q) => statements.push(q) });
    handle = opened.handle;
    dir = mkdtempSync(path.join(tmpdir(), 'shop-cache-test-'));
    await seedDemoStores(handle.db, { uploadsDir: dir });
  });
  afterAll(async () => {
    await opened.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads a store once, then only the version while nothing changed', async () => {
    const cache = cacheOf(0);
    statements.length = 0;
    const first = await cache.get('urbanroll');
    expect(first.settings?.legalName).toBe('Urban Roll Sports LLP');
    expect(first.bands).toHaveLength(4);
    expect(first.payButtons.map((b) => b.button_id)).toContain('paynow');
    const cold = statements.length;
    expect(cold).toBeGreaterThanOrEqual(6);
    statements.length = 0;
    expect(await cache.get('urbanroll')).toBe(first);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/checkout_state/);
  });

  it('drops what it holds when any writer changes settings, bands, pincodes or pay buttons', async () => {
    const cache = cacheOf(0);
    const before = await cache.get('urbanroll');
    await handle.db
      .update(deliveryPriceBands)
      .set({ status: 'Inactive' })
      .where(
        and(eq(deliveryPriceBands.storeId, 'urbanroll'), isNull(deliveryPriceBands.maxKilometer)),
      );
    const after = await cache.get('urbanroll');
    expect(after).not.toBe(before);
    expect(after.bands.find((b) => b.maxKilometer === null)?.status).toBe('Inactive');

    // Raw SQL, as a shop owner's console would.
    await handle.db.execute(
      sql`UPDATE store_settings SET delivery_percentage = 35 WHERE store_id = 'urbanroll'`,
    );
    expect((await cache.get('urbanroll')).settings?.deliveryPercentage).toBe(35);
    await handle.db
      .update(payButtons)
      .set({ status: 'Inactive' })
      .where(and(eq(payButtons.storeId, 'urbanroll'), eq(payButtons.buttonId, 'paynow')));
    expect(
      (await cache.get('urbanroll')).payButtons.find((b) => b.button_id === 'paynow')?.status,
    ).toBe('Inactive');
    // The pincodes a store delivers to: a summary and a placing read them from here.
    const listed = [...before.activePincodes];
    await handle.db.insert(pincodes).values({ storeId: 'urbanroll', pincode: '560001' });
    expect([...(await cache.get('urbanroll')).activePincodes].sort()).toEqual(
      [...listed, '560001'].sort(),
    );
    await handle.db
      .update(pincodes)
      .set({ status: 'Inactive' })
      .where(and(eq(pincodes.storeId, 'urbanroll'), eq(pincodes.pincode, '560001')));
    expect([...(await cache.get('urbanroll')).activePincodes].sort()).toEqual(listed.sort());
    await handle.db
      .update(storeSettings)
      .set({ deliveryPercentage: 20 })
      .where(eq(storeSettings.storeId, 'urbanroll'));
  });

  it('is not dropped by orders and stock, and is stale at most checkEveryMs', async () => {
    const cache = cacheOf(60_000);
    const before = await cache.get('urbanroll');
    await handle.db.update(products).set({ totalStock: sql`${products.totalStock} + 1` });
    await handle.db.delete(orders);
    statements.length = 0;
    expect(await cache.get('urbanroll')).toBe(before);
    expect(statements).toHaveLength(0);
    // Within the interval a change is not seen yet (the catalogue cache's rule, decision 0002).
    await handle.db
      .update(storeSettings)
      .set({ deliveryPercentage: 40 })
      .where(eq(storeSettings.storeId, 'urbanroll'));
    expect((await cache.get('urbanroll')).settings?.deliveryPercentage).toBe(
      before.settings?.deliveryPercentage,
    );
    expect((await cacheOf(0).get('urbanroll')).settings?.deliveryPercentage).toBe(40);
  });

  it('answers an unknown store with no settings', async () => {
    expect((await cacheOf(0).get('nowhere')).settings).toBeNull();
  });
});
