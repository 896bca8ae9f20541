import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../client.ts';
import { coupons } from '../schema/coupons.ts';
import { products } from '../schema/catalogue.ts';
import {
  deliveryPriceBands,
  freeDeliveryBands,
  paymentGatewaySettings,
  storeSettings,
} from '../schema/store-settings.ts';
import type { DemoStore } from './demo-data.ts';

/**
 * Seeds what a demo store needs to take orders: its settings row, delivery and free-delivery
 * bands, payment-modal details and coupons, and the HSN/SAC code and GST rule of products that
 * have none. Keyed on the settings row: when it exists nothing is written, so it runs on every
 * start, fills a database seeded before checkout existed, and never overwrites the shop's own
 * changes. Returns whether it wrote anything.
 */
export async function seedCheckout(tx: Transaction, store: DemoStore): Promise<boolean> {
  const storeId = store.id;
  const { checkout } = store;
  const [row] = await tx
    .insert(storeSettings)
    .values({ storeId, ...checkout.settings })
    .onConflictDoNothing()
    .returning({ storeId: storeSettings.storeId });
  if (!row) return false;

  if (checkout.bands.length > 0) {
    await tx.insert(deliveryPriceBands).values(checkout.bands.map((b) => ({ storeId, ...b })));
  }
  if (checkout.freeBands.length > 0) {
    await tx.insert(freeDeliveryBands).values(checkout.freeBands.map((b) => ({ storeId, ...b })));
  }
  await tx
    .insert(paymentGatewaySettings)
    .values({ storeId, ...checkout.gateway })
    .onConflictDoNothing();
  if (checkout.coupons.length > 0) {
    await tx
      .insert(coupons)
      .values(checkout.coupons.map((c) => ({ storeId, ...c })))
      .onConflictDoNothing();
  }

  // Products of a store seeded before products had GST data.
  for (const p of store.products) {
    await tx
      .update(products)
      .set({
        hsnCode: p.hsnCode,
        gstRateBp: p.gstRateBp,
        gstThresholdPaise: p.gstThresholdPaise,
        gstRateAboveBp: p.gstRateAboveBp,
      })
      .where(and(eq(products.storeId, storeId), eq(products.sku, p.sku), eq(products.hsnCode, '')));
  }
  return true;
}
