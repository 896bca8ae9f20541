import { checkoutState, type Database } from '@shop/db';
import { ReusableStatement } from '../../lib/reusable-statement.ts';
import {
  activeFreeDeliveryBandsOf,
  activePincodesOf,
  deliveryBandsOf,
  type DeliveryBandRow,
  type FreeDeliveryBandRow,
} from '../delivery/index.ts';
import {
  gatewaySettingsOf,
  storeSettingsOf,
  type GatewaySettingsRow,
  type StoreSettingsRow,
} from '../store-settings/index.ts';

export type { DeliveryBandRow, FreeDeliveryBandRow } from '../delivery/index.ts';
export type { GatewaySettingsRow, StoreSettingsRow } from '../store-settings/index.ts';

/** The checkout data's version (built once: each process reads it once a second). */
const checkoutVersionStatement = new ReusableStatement<{ version: number }>((db) =>
  db.select({ version: checkoutState.version }).from(checkoutState).prepare('checkout_version'),
);

/**
 * What checkout reads of a store: its own version number, and the settings, bands, pincodes and
 * gateway keys through the functions of the modules that own them.
 */
export class CheckoutRepository {
  constructor(private readonly db: Database) {}

  /** The number the triggers bump on every write to a store's checkout data. */
  async checkoutVersion(): Promise<number> {
    const [row] = await checkoutVersionStatement.run(this.db, this.db, {});
    return row?.version ?? 0;
  }

  settings(storeId: string): Promise<StoreSettingsRow | null> {
    return storeSettingsOf(this.db, storeId);
  }

  gatewaySettings(storeId: string): Promise<GatewaySettingsRow | null> {
    return gatewaySettingsOf(this.db, storeId);
  }

  /** Every band of the store (active and not), nearest first. */
  deliveryBands(storeId: string): Promise<DeliveryBandRow[]> {
    return deliveryBandsOf(this.db, storeId);
  }

  /** The active free-delivery bands, nearest first. */
  freeDeliveryBands(storeId: string): Promise<FreeDeliveryBandRow[]> {
    return activeFreeDeliveryBandsOf(this.db, storeId);
  }

  /** The store's active pincodes (none: it delivers everywhere). */
  activePincodes(storeId: string): Promise<string[]> {
    return activePincodesOf(this.db, storeId);
  }
}
