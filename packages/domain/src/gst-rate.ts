import { assertPaise, percentToBasisPoints } from './rounding.ts';

/**
 * How a product's GST rate is found, as data kept with the product (or its category): one rate,
 * or a slab where a piece priced above a threshold pays a higher rate. Examples (the seed):
 * - apparel, HSN 61/62: `{ ratePercent: 5, above: { unitPricePaise: 250000, ratePercent: 18 } }`
 *   (5 % up to ₹2,500 a piece, 18 % above);
 * - skates and protective gear, HSN 9506: `{ ratePercent: 5 }`;
 * - courses, SAC 9992: `{ ratePercent: 18 }`.
 */
export interface GstRateRule {
  ratePercent: number;
  /** Pieces whose sale price is above `unitPricePaise` pay `ratePercent` instead. */
  above?: { unitPricePaise: number; ratePercent: number } | null;
}

/**
 * The GST rate in percent of a piece sold at `unitSalePricePaise` (the GST-inclusive price the
 * shopper pays for one piece, before any coupon): the slab's higher rate when the price is
 * strictly above its threshold ("up to ₹2,500" keeps ₹2,500.00 at the lower rate), else the
 * rule's rate. Throws RangeError for a malformed rule or price.
 */
export function gstRatePercent(rule: GstRateRule, unitSalePricePaise: number): number {
  assertPaise('Unit sale price', unitSalePricePaise);
  assertGstRateRule(rule);
  if (rule.above && unitSalePricePaise > rule.above.unitPricePaise) return rule.above.ratePercent;
  return rule.ratePercent;
}

/** Throws RangeError unless the rates are percentages (0 to 100, 2 decimals) and the threshold paise. */
export function assertGstRateRule(rule: GstRateRule): void {
  percentToBasisPoints(rule.ratePercent, 'GST rate');
  if (rule.above) {
    percentToBasisPoints(rule.above.ratePercent, 'GST rate above the threshold');
    assertPaise('GST threshold', rule.above.unitPricePaise);
  }
}
