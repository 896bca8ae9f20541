import type { DeliveryBandsResponse, FreeBandsResponse } from '@shop/contracts';
import { adminJson } from '../lib/admin-api.ts';

export type BandsKind = 'bands' | 'free-bands';

/** The owner's delivery bands (or free-delivery bands), as the Delivery page and dashboard read them. */
export const deliveryBandsQuery = (kind: BandsKind) => ({
  queryKey: ['admin', 'delivery', kind],
  queryFn: () =>
    adminJson<DeliveryBandsResponse | FreeBandsResponse>('GET', `/admin/delivery/${kind}`),
});

/** Without an active paid band checkout refuses every address ("we do not deliver"). */
export const NO_ACTIVE_BAND =
  'No active delivery band: checkout refuses every address ("Sorry, we do not deliver to this pincode.") until one is saved. One band from 0 km with no upper end delivers everywhere at one price.';

/** Whether the bands read have no active one. */
export const noActiveBand = (r: DeliveryBandsResponse | FreeBandsResponse) =>
  !r.data.bands.some((b) => b.status === 'Active');
