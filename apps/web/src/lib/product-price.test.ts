import { describe, expect, it } from 'vitest';
import { testProduct as product } from '../test-fixtures.ts';
import { displayPrice } from './product-price.ts';

const variation = (sku: string, price: number, salePrice: number) => ({
  sku,
  price,
  salePrice,
  stock: 5,
  imageUrl: '',
  galleryImages: [],
  attributes: { Size: sku },
});

describe('displayPrice', () => {
  it('a simple product on sale: the sale price, the struck MRP and the percent off', () => {
    expect(
      displayPrice(product({ product_type: 'Simple', originalPrice: 799, discountPrice: 649 })),
    ).toEqual({ pricePaise: 64900, originalPaise: 79900, percentOff: 19 });
  });

  it('a variable product: its cheapest variation, with that variation’s discount as its page shows it', () => {
    expect(
      displayPrice(
        product({
          product_type: 'Variable Product',
          originalPrice: 0,
          discountPrice: 0,
          variation: [variation('L', 999, 0), variation('M', 899, 699), variation('S', 749, 0)],
        }),
      ),
    ).toEqual({ pricePaise: 69900, originalPaise: 89900, percentOff: 22 });
  });

  it('a variable product whose cheapest variation is not on sale: no struck price', () => {
    expect(
      displayPrice(
        product({
          product_type: 'Variable Product',
          variation: [variation('M', 899, 799), variation('S', 749, 0)],
        }),
      ),
    ).toEqual({ pricePaise: 74900, originalPaise: null, percentOff: null });
  });
});
