import { describe, expect, it } from 'vitest';
import type { CartMode } from './cart-mode.ts';
import { cardButtons } from './product-buttons.ts';

const ALL_MODES: CartMode[] = ['getquote', 'addtocart', 'buynow', null];

describe('cardButtons: the product card table', () => {
  it.each(ALL_MODES)('Grouped Product shows View Details and Package (mode %s)', (mode) => {
    expect(cardButtons({ product_type: 'Grouped Product', totalStock: 5 }, mode)).toEqual({
      kind: 'package',
    });
  });

  it('Grouped Product wins over out of stock (grouped row comes first)', () => {
    expect(cardButtons({ product_type: 'Grouped Product', totalStock: 0 }, 'addtocart')).toEqual({
      kind: 'package',
    });
  });

  it.each(ALL_MODES)('Variable Product shows Select (mode %s)', (mode) => {
    expect(cardButtons({ product_type: 'Variable Product', totalStock: 3 }, mode)).toEqual({
      kind: 'select',
    });
  });

  it('Variable Product wins over out of stock (variable row comes before stock)', () => {
    expect(cardButtons({ product_type: 'Variable Product', totalStock: 0 }, 'buynow')).toEqual({
      kind: 'select',
    });
  });

  it.each(ALL_MODES)('a simple product with totalStock 0 is Out of Stock (mode %s)', (mode) => {
    expect(cardButtons({ product_type: 'Simple', totalStock: 0 }, mode)).toEqual({
      kind: 'out-of-stock',
    });
  });

  it.each([-1, NaN])('totalStock %d also counts as out of stock', (totalStock) => {
    expect(cardButtons({ product_type: 'Simple', totalStock }, 'addtocart')).toEqual({
      kind: 'out-of-stock',
    });
  });

  it.each([
    ['addtocart', true],
    ['buynow', true],
    ['getquote', false],
    [null, true],
  ] as const)('in stock, mode %s shows that button, View=%s', (mode, showView) => {
    expect(cardButtons({ product_type: 'Simple', totalStock: 1 }, mode)).toEqual({
      kind: 'mode',
      mode,
      showView,
    });
  });

  it('matches product types trimmed and case-insensitively', () => {
    expect(cardButtons({ product_type: ' grouped product ', totalStock: 1 }, null)).toEqual({
      kind: 'package',
    });
    expect(cardButtons({ product_type: 'VARIABLE PRODUCT', totalStock: 1 }, null)).toEqual({
      kind: 'select',
    });
  });

  it('treats unknown or empty product types as simple', () => {
    expect(cardButtons({ product_type: '', totalStock: 2 }, 'buynow')).toEqual({
      kind: 'mode',
      mode: 'buynow',
      showView: true,
    });
    expect(cardButtons({ product_type: 'Grouped', totalStock: 2 }, 'getquote')).toEqual({
      kind: 'mode',
      mode: 'getquote',
      showView: false,
    });
  });
});
