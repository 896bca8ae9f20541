import { effectivePricePaise } from './pricing.ts';

function assertAmount(name: string, paise: number): void {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`${name} must be a non-negative integer of paise, got ${String(paise)}`);
  }
}

/**
 * Quote totals (catalogue-and-cart §5, accounts-checkout-payments §9), in integer paise:
 * - before discount: the sum of list price x quantity;
 * - after discount: the sum of the effective price (sale when 0 < sale < price, else price) x
 *   quantity, minus the discount, never below 0.
 * ("2 decimals" in the spec is exact here because amounts are whole paise.)
 *
 * Throws RangeError when a quantity is not an integer >= 1, or when a list price or the discount
 * is not a non-negative integer.
 */
export function quoteTotals(
  lines: readonly { pricePaise: number; salePricePaise: number; quantity: number }[],
  discountPaise = 0,
): { beforeDiscountPaise: number; afterDiscountPaise: number } {
  assertAmount('Discount', discountPaise);
  let before = 0;
  let after = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(
        `Quantity must be an integer of at least 1, got ${String(line.quantity)}`,
      );
    }
    assertAmount('Price', line.pricePaise);
    before += line.pricePaise * line.quantity;
    after += effectivePricePaise(line.pricePaise, line.salePricePaise) * line.quantity;
  }
  return { beforeDiscountPaise: before, afterDiscountPaise: Math.max(0, after - discountPaise) };
}
