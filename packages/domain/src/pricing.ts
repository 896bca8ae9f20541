/**
 * Price rules of catalogue-and-cart §5: a sale price counts only when it is positive and below the
 * original (list) price. All amounts are integer paise.
 */

/** True when the discount badge and the struck-through original price show: 0 < sale < original. */
export function hasDiscount(originalPaise: number, salePaise: number): boolean {
  return salePaise > 0 && salePaise < originalPaise;
}

/** The price the shopper pays: the sale price when 0 < sale < original, else the original. */
export function effectivePricePaise(originalPaise: number, salePaise: number): number {
  return hasDiscount(originalPaise, salePaise) ? salePaise : originalPaise;
}

/**
 * The N of the "N% OFF" badge: (original - sale) / original as a percentage, rounded half up, or
 * null when there is no discount. Computed as (original - sale) * 100 / original so that exact
 * halves (14.5 %) are not lost to binary float error before rounding.
 */
export function percentOff(originalPaise: number, salePaise: number): number | null {
  if (!hasDiscount(originalPaise, salePaise)) return null;
  return Math.round(((originalPaise - salePaise) * 100) / originalPaise);
}

/**
 * The price shown for a Variable Product: the lowest effective price among its variations.
 * Variations whose effective price is 0 or less (or not a finite number) are ignored; null when
 * none is left.
 */
export function minVariationPricePaise(
  variations: readonly { pricePaise: number; salePricePaise: number }[],
): number | null {
  let min: number | null = null;
  for (const v of variations) {
    const price = effectivePricePaise(v.pricePaise, v.salePricePaise);
    if (!Number.isFinite(price) || price <= 0) continue;
    if (min === null || price < min) min = price;
  }
  return min;
}
