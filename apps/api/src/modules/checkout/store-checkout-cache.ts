import type { PayButton } from '@shop/contracts';
import { pincodeSet } from '@shop/domain';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import type {
  CheckoutRepository,
  DeliveryBandRow,
  FreeDeliveryBandRow,
  GatewaySettingsRow,
  StoreSettingsRow,
} from './checkout-repository.ts';

/** Everything checkout reads about a store that changes only when the shop edits it. */
export interface StoreCheckoutData {
  /** Null: no such store, or a store that cannot take orders. */
  settings: StoreSettingsRow | null;
  payButtons: PayButton[];
  /** Every band (active and not), nearest first. */
  bands: DeliveryBandRow[];
  /** The active free-delivery bands, nearest first. */
  freeBands: FreeDeliveryBandRow[];
  /** The active pincodes, trimmed (none: the store delivers everywhere). */
  activePincodes: ReadonlySet<string>;
  /** The store's own gateway keys (secrets sealed), if it has any. */
  gateway: GatewaySettingsRow | null;
}

/**
 * Each store's checkout data, read once (six queries together) and kept per process until
 * `checkout_state.version` moves: a statement-level trigger bumps it on every write to the
 * tables read here (stores, store_settings, both band tables, pincodes,
 * payment_gateway_settings, pay_buttons), whoever writes, so a change made anywhere is seen
 * within `checkEveryMs`, as the catalogue cache does (docs/decisions/0002). Orders, stock and
 * coupons are never cached.
 */
export class StoreCheckoutCache {
  private readonly cache: VersionedCache<StoreCheckoutData>;

  constructor(
    private readonly repository: CheckoutRepository,
    /** The catalogue service's pay buttons of a store. */
    private readonly catalogue: { payButtons(storeId: string): Promise<PayButton[]> },
    checkEveryMs: number,
  ) {
    this.cache = new VersionedCache({
      readVersion: () => repository.checkoutVersion(),
      checkEveryMs,
      // Keyed by store id; unknown ids (a null entry each) cannot grow it without bound.
      maxEntries: 1000,
    });
  }

  get(storeId: string): Promise<StoreCheckoutData> {
    return this.cache.get(storeId, () => this.read(storeId));
  }

  /** The store's own gateway keys (what StoreGateways needs). */
  async gatewaySettings(storeId: string): Promise<GatewaySettingsRow | null> {
    return (await this.get(storeId)).gateway;
  }

  private async read(storeId: string): Promise<StoreCheckoutData> {
    const settings = await this.repository.settings(storeId);
    if (!settings) {
      return {
        settings: null,
        payButtons: [],
        bands: [],
        freeBands: [],
        activePincodes: new Set(),
        gateway: null,
      };
    }
    const [payButtons, bands, freeBands, pincodes, gateway] = await Promise.all([
      this.catalogue.payButtons(storeId),
      this.repository.deliveryBands(storeId),
      this.repository.freeDeliveryBands(storeId),
      this.repository.activePincodes(storeId),
      this.repository.gatewaySettings(storeId),
    ]);
    return {
      settings,
      payButtons,
      bands,
      freeBands,
      activePincodes: pincodeSet(pincodes),
      gateway,
    };
  }
}
