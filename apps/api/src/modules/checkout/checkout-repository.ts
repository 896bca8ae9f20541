import { and, asc, eq } from 'drizzle-orm';
import {
  checkoutState,
  deliveryPriceBands,
  freeDeliveryBands,
  paymentGatewaySettings,
  type Database,
} from '@shop/db';
import { storeSettingsOf, type StoreSettingsRow } from '../store-settings/index.ts';

export type { StoreSettingsRow } from '../store-settings/index.ts';
export type DeliveryBandRow = typeof deliveryPriceBands.$inferSelect;
export type FreeDeliveryBandRow = typeof freeDeliveryBands.$inferSelect;
export type GatewaySettingsRow = typeof paymentGatewaySettings.$inferSelect;

/** The only code that reads a store's checkout settings and bands. */
export class CheckoutRepository {
  constructor(private readonly db: Database) {}

  /** The number the triggers bump on every write to a store's checkout data. */
  async checkoutVersion(): Promise<number> {
    const [row] = await this.db.select({ version: checkoutState.version }).from(checkoutState);
    return row?.version ?? 0;
  }

  settings(storeId: string): Promise<StoreSettingsRow | null> {
    return storeSettingsOf(this.db, storeId);
  }

  async gatewaySettings(storeId: string): Promise<GatewaySettingsRow | null> {
    const [row] = await this.db
      .select()
      .from(paymentGatewaySettings)
      .where(eq(paymentGatewaySettings.storeId, storeId));
    return row ?? null;
  }

  /** Every band of the store (active and not), nearest first. */
  deliveryBands(storeId: string): Promise<DeliveryBandRow[]> {
    return this.db
      .select()
      .from(deliveryPriceBands)
      .where(eq(deliveryPriceBands.storeId, storeId))
      .orderBy(asc(deliveryPriceBands.minKilometer), asc(deliveryPriceBands.position));
  }

  /** The active free-delivery bands, nearest first. */
  freeDeliveryBands(storeId: string): Promise<FreeDeliveryBandRow[]> {
    return this.db
      .select()
      .from(freeDeliveryBands)
      .where(and(eq(freeDeliveryBands.storeId, storeId), eq(freeDeliveryBands.status, 'Active')))
      .orderBy(asc(freeDeliveryBands.minKilometer));
  }
}
