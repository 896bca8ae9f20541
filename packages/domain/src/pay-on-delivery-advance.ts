import { assertPaise, percentToBasisPoints } from './rounding.ts';

/**
 * The advance taken online for a pay-on-delivery order (accounts-checkout-payments §4, §9):
 * delivery_percentage of the total, rounded to whole rupees half up (as the spec's app did with
 * Math.round on rupees: ₹1,234.50 x 10 % = ₹123.45 -> ₹123), never more than the total; the
 * rest is remaining_amount = total - advance. A percentage of 0 means no advance (advance 0, the
 * whole total on delivery); so does an advance that rounds to ₹0, which then needs no payment.
 *
 * Computed in integers: advance rupees = round(total paise x basis points / 1,000,000).
 * Throws RangeError for a malformed total or a percentage outside 0 to 100 (2 decimals at most).
 */
export function payOnDeliveryAdvance(
  totalPaise: number,
  deliveryPercentage: number,
): { advancePaise: number; remainingPaise: number } {
  assertPaise('Total', totalPaise);
  const basisPoints = percentToBasisPoints(deliveryPercentage, 'Delivery percentage');
  const scaled = totalPaise * basisPoints;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Total too large: ${String(totalPaise)}`);
  const rupees = Math.floor(scaled / 1_000_000) + (scaled % 1_000_000 >= 500_000 ? 1 : 0);
  const advancePaise = Math.min(rupees * 100, totalPaise);
  return { advancePaise, remainingPaise: totalPaise - advancePaise };
}
