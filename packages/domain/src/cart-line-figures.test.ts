import { describe, expect, it } from 'vitest';
import {
  isLineInStock,
  isVariableProduct,
  lineFigures,
  variationLabel,
} from './cart-line-figures.ts';

const product = { price: 1999, salePrice: 1499, stock: 7, image: 'p.svg', gallery: ['p1', 'p2'] };

describe('lineFigures', () => {
  it("takes the product's figures without a variation", () => {
    expect(lineFigures(product)).toEqual(product);
    expect(lineFigures(product, null)).toEqual(product);
  });

  it("takes the variation's price, sale and stock, and its pictures when it has them", () => {
    const v = { price: 2499, salePrice: 0, stock: 0, image: 'v.svg', gallery: ['v1'] };
    expect(lineFigures(product, v)).toEqual(v);
    expect(lineFigures(product, { ...v, image: '', gallery: [] })).toEqual({
      ...v,
      image: 'p.svg',
      gallery: ['p1', 'p2'],
    });
  });
});

describe('variation helpers', () => {
  it('recognises Variable products however they are written', () => {
    expect(isVariableProduct({ product_type: 'Variable Product' })).toBe(true);
    expect(isVariableProduct({ product_type: ' variable product ' })).toBe(true);
    expect(isVariableProduct({ product_type: 'Simple' })).toBe(false);
  });

  it('labels a variation by its attribute values', () => {
    expect(variationLabel({ size: 'M', colour: 'Red' })).toBe('M / Red');
    expect(variationLabel({})).toBe('');
  });
});

describe('a line in stock', () => {
  it('needs an active product with stock', () => {
    expect(isLineInStock({ productStatus: 'Active', stock: 3 })).toBe(true);
    expect(isLineInStock({ productStatus: 'Active', stock: 0 })).toBe(false);
    expect(isLineInStock({ productStatus: 'Active', stock: -2 })).toBe(false);
    expect(isLineInStock({ productStatus: 'Inactive', stock: 3 })).toBe(false);
    expect(isLineInStock({ productStatus: '', stock: 3 })).toBe(false);
  });
});
