import type { Product } from '@shop/contracts';
import {
  effectivePricePaise,
  hasDiscount,
  isVariableProduct,
  minVariationPricePaise,
  percentOff,
  rupeesToPaise,
} from '@shop/domain';

export interface DisplayPrice {
  pricePaise: number;
  /** The struck-through original, only when the sale price is a real discount. */
  originalPaise: number | null;
  percentOff: number | null;
}

/**
 * The price block of a product: Variable products show their lowest variation price, with that
 * variation's struck original and N% OFF when it is on sale (as its page shows it).
 */
export function displayPrice(p: Product): DisplayPrice {
  if (isVariableProduct(p)) {
    const paise = p.variation.map((v) => ({
      pricePaise: rupeesToPaise(v.price),
      salePricePaise: rupeesToPaise(v.salePrice),
    }));
    const min = minVariationPricePaise(paise);
    const cheapest = p.variation.find(
      (_, i) => effectivePricePaise(paise[i]!.pricePaise, paise[i]!.salePricePaise) === min,
    );
    if (cheapest) return variationDisplayPrice(cheapest);
  }
  const original = rupeesToPaise(p.originalPrice);
  const sale = rupeesToPaise(p.discountPrice);
  return hasDiscount(original, sale)
    ? { pricePaise: sale, originalPaise: original, percentOff: percentOff(original, sale) }
    : { pricePaise: original, originalPaise: null, percentOff: null };
}

/** The price block of one variation (its sale price when that is a real discount). */
export function variationDisplayPrice(v: { price: number; salePrice: number }): DisplayPrice {
  const original = rupeesToPaise(v.price);
  const sale = rupeesToPaise(v.salePrice);
  return hasDiscount(original, sale)
    ? { pricePaise: sale, originalPaise: original, percentOff: percentOff(original, sale) }
    : { pricePaise: original, originalPaise: null, percentOff: null };
}
