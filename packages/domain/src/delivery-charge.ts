import { chargeableKm } from './distance.ts';
import { assertPaise } from './rounding.ts';

/** The checkout message when no band holds the distance (accounts-checkout-payments §5). */
export const NOT_DELIVERABLE_MESSAGE = 'Sorry, we do not deliver to this pincode.';

/** A delivery price band (spec: min_kilometer, max_kilometer, delivery_price, status). */
export interface DeliveryBand {
  minKm: number;
  /** null: open-ended ("40+ km"). */
  maxKm: number | null;
  pricePaise: number;
  /** Only active bands count (status "Active"). */
  active: boolean;
}

/** A free-delivery band (spec: min_kilometer, max_kilometer, freedelivery_price). */
export interface FreeDeliveryBand {
  minKm: number;
  /** null: open-ended. */
  maxKm: number | null;
  /** The sale total at or above which delivery in this band is free. */
  minSaleTotalPaise: number;
}

export type DeliveryQuote =
  | {
      deliverable: true;
      chargePaise: number;
      /** The whole km the bands were read with; null when nothing is delivered (courses only). */
      distanceKm: number | null;
      free: boolean;
    }
  | { deliverable: false; reason: string; distanceKm: number | null };

function assertBand(band: { minKm: number; maxKm: number | null }): void {
  const { minKm, maxKm } = band;
  if (!Number.isFinite(minKm) || minKm < 0 || (maxKm !== null && !(maxKm > minKm))) {
    throw new RangeError(
      `A band needs 0 <= min_kilometer < max_kilometer, got ${String(minKm)}-${String(maxKm)}`,
    );
  }
}

/**
 * Whether a band holds a distance: its lower edge is inside and its upper edge outside,
 * min <= km < max (an open-ended band has no upper edge). So adjacent bands 0-5 and 5-15 never
 * both hold a distance and leave none out: 4 km is in 0-5, 5 km in 5-15.
 */
export function bandHolds(band: { minKm: number; maxKm: number | null }, km: number): boolean {
  return km >= band.minKm && (band.maxKm === null || km < band.maxKm);
}

/**
 * The delivery charge of an order (accounts-checkout-payments §9), in integer paise.
 *
 * - `needsDelivery` false (only courses in the order): courses never pay delivery; deliverable,
 *   charge 0, no distance.
 * - The road distance (`distanceKm`, km; null when the address could not be located) is first
 *   counted in whole km by `chargeableKm` (0.1 to 1 km is 1, otherwise rounded; below 0.1 is 0).
 *   An unknown distance is not deliverable.
 * - Free when a free-delivery band holds the distance and the sale total reaches its
 *   minimum (>=), as the spec orders the rules: this holds even where no paid band reaches.
 * - Otherwise the price of the active band that holds the distance; if active bands overlap
 *   (a store's mistake), the one with the lowest min_kilometer wins, so the answer is stable.
 * - No band: not deliverable, "Sorry, we do not deliver to this pincode.".
 * - A pincode the shop does not serve (`pincodeServed: false`) is not deliverable either, whatever
 *   the bands say: no charge is quoted for it (the distance is still told).
 *
 * `saleTotalPaise` is the total of the lines at their sale prices before the coupon (the "cart
 * total" of the spec). Throws RangeError for a malformed band, price or total.
 */
export function deliveryCharge(input: {
  needsDelivery: boolean;
  distanceKm: number | null;
  saleTotalPaise: number;
  bands: readonly DeliveryBand[];
  freeBands: readonly FreeDeliveryBand[];
  /** Whether the shop serves the address's pincode (its active pincodes); true when unset. */
  pincodeServed?: boolean;
}): DeliveryQuote {
  assertPaise('Sale total', input.saleTotalPaise);
  for (const band of input.bands) {
    assertBand(band);
    assertPaise('Delivery price', band.pricePaise);
  }
  for (const band of input.freeBands) {
    assertBand(band);
    assertPaise('Free-delivery price', band.minSaleTotalPaise);
  }
  if (!input.needsDelivery) {
    return { deliverable: true, chargePaise: 0, distanceKm: null, free: false };
  }
  if (input.distanceKm === null) {
    return { deliverable: false, reason: NOT_DELIVERABLE_MESSAGE, distanceKm: null };
  }
  const km = chargeableKm(input.distanceKm);
  if (input.pincodeServed === false) {
    return { deliverable: false, reason: NOT_DELIVERABLE_MESSAGE, distanceKm: km };
  }
  const free = input.freeBands.some(
    (band) => bandHolds(band, km) && input.saleTotalPaise >= band.minSaleTotalPaise,
  );
  if (free) return { deliverable: true, chargePaise: 0, distanceKm: km, free: true };
  const band = input.bands
    .filter((b) => b.active && bandHolds(b, km))
    .sort((a, b) => a.minKm - b.minKm)[0];
  if (!band) return { deliverable: false, reason: NOT_DELIVERABLE_MESSAGE, distanceKm: km };
  return { deliverable: true, chargePaise: band.pricePaise, distanceKm: km, free: false };
}

/**
 * The least the delivery of an order can cost before its address is known, for the cart's
 * "Delivery from ₹49": deliveryCharge itself, read at every distance where a band
 * starts or ends (the charge only changes there), and the lowest deliverable answer kept. So a
 * free-delivery band the sale total reaches makes it 0, an inactive band never counts, and
 * overlapping bands count as checkout reads them. null: no distance is delivered to.
 */
export function lowestDeliveryCharge(input: {
  saleTotalPaise: number;
  bands: readonly DeliveryBand[];
  freeBands: readonly FreeDeliveryBand[];
}): number | null {
  const edges = new Set<number>([0]);
  for (const band of [...input.bands, ...input.freeBands]) {
    edges.add(band.minKm);
    if (band.maxKm !== null) edges.add(band.maxKm);
  }
  let lowest: number | null = null;
  for (const km of edges) {
    const quote = deliveryCharge({ ...input, needsDelivery: true, distanceKm: km });
    if (quote.deliverable && (lowest === null || quote.chargePaise < lowest)) {
      lowest = quote.chargePaise;
    }
  }
  return lowest;
}
