import { describe, expect, it } from 'vitest';
import {
  attributeKey,
  compareAttributeValues,
  facetCounts,
  inPriceRange,
  matchesFacets,
  valueKey,
  variantAttributesByKey,
  type FacetProduct,
} from './facets.ts';

const v = (colour: string, size: string, stock: number) => ({
  attributes: { colour, size },
  inStock: stock > 0,
});

/** A small shop: two hoodies, a tee, a skate (no variations) and a sold-out cap. */
const hoodieBlack: FacetProduct = {
  category: 'hoodies',
  pricePaise: 129_900,
  inStock: true,
  variants: [v('Black', 'M', 3), v('Black', 'L', 0), v('White', 'L', 2)],
};
const hoodieGrey: FacetProduct = {
  category: 'hoodies',
  pricePaise: 89_900,
  inStock: true,
  variants: [v('Grey', 'M', 0), v('Grey', 'S', 1)],
};
const tee: FacetProduct = {
  category: 't-shirts',
  pricePaise: 49_900,
  inStock: true,
  variants: [v('black', 'M', 5)],
};
const skate: FacetProduct = {
  category: 'skates',
  pricePaise: 650_000,
  inStock: true,
  variants: [],
};
const cap: FacetProduct = { category: 'caps', pricePaise: 30_000, inStock: false, variants: [] };
const shop = [hoodieBlack, hoodieGrey, tee, skate, cap];

const counts = (...args: Parameters<typeof facetCounts>) => {
  const c = facetCounts(...args);
  return {
    ...c,
    categories: Object.fromEntries(c.categories),
    attributes: Object.fromEntries(
      c.attributes.map((a) => [a.key, a.values.map((x) => `${x.value}:${x.count}`)]),
    ),
    priceBands: c.priceBands.map((b) => b.count),
  };
};

describe('attribute and value keys', () => {
  it.each([
    ['Colour', 'colour'],
    [' Color ', 'colour'],
    ['COLOURS', 'colour'],
    ['Size', 'size'],
    ['sizes', 'size'],
    ['Sleeve  Length', 'sleeve length'],
  ])('attributeKey(%j) = %j', (name, key) => expect(attributeKey(name)).toBe(key));

  it('values compare trimmed and case-insensitively', () => {
    expect(valueKey('  Navy  Blue ')).toBe('navy blue');
  });

  it('a variation read by key drops blanks and keeps the first of two spellings', () => {
    expect(
      variantAttributesByKey({ Color: 'Red', Colour: 'Blue', Size: ' ', Fit: ' Slim ' }),
    ).toEqual({ colour: 'Red', fit: 'Slim' });
  });
});

describe('price ranges are min <= price < max', () => {
  it.each([
    [49_999, { maxPaise: 50_000 }, true],
    [50_000, { maxPaise: 50_000 }, false],
    [50_000, { minPaise: 50_000, maxPaise: 100_000 }, true],
    [100_000, { minPaise: 50_000, maxPaise: 100_000 }, false],
    [900_000, { minPaise: 500_000 }, true],
    [0, {}, true],
  ])('%d in %j: %s', (price, range, expected) => {
    expect(inPriceRange(price, range)).toBe(expected);
  });
});

describe('matchesFacets', () => {
  it('no selection keeps everything', () => {
    expect(shop.filter((p) => matchesFacets(p, {}))).toHaveLength(5);
  });

  it('in stock without attributes is the product stock', () => {
    expect(shop.filter((p) => matchesFacets(p, { inStock: true }))).not.toContain(cap);
    expect(shop.filter((p) => matchesFacets(p, { inStock: true }))).toHaveLength(4);
  });

  it('values of one attribute are alternatives; attributes must hold on one variation', () => {
    const sizeM = { attributes: { size: ['m'] } };
    expect(shop.filter((p) => matchesFacets(p, sizeM))).toEqual([hoodieBlack, hoodieGrey, tee]);
    const mOrS = { attributes: { size: ['m', 's'] } };
    expect(shop.filter((p) => matchesFacets(p, mOrS))).toEqual([hoodieBlack, hoodieGrey, tee]);
    // Black comes in M, and White in L, but there is no White M.
    expect(matchesFacets(hoodieBlack, { attributes: { colour: ['white'], size: ['m'] } })).toBe(
      false,
    );
    expect(matchesFacets(hoodieBlack, { attributes: { colour: ['white'], size: ['l'] } })).toBe(
      true,
    );
  });

  it('in stock with an attribute needs a variation of that value with stock', () => {
    // The grey hoodie's M is sold out (its S is not), the black one's M has stock.
    const sel = { inStock: true, attributes: { size: ['m'] } };
    expect(shop.filter((p) => matchesFacets(p, sel))).toEqual([hoodieBlack, tee]);
    // Black L is sold out, White L is not: "Black, L, in stock" finds nothing.
    expect(
      matchesFacets(hoodieBlack, { inStock: true, attributes: { colour: ['black'], size: ['l'] } }),
    ).toBe(false);
  });

  it('a product without variations never matches a chosen attribute', () => {
    expect(matchesFacets(skate, { attributes: { size: ['m'] } })).toBe(false);
    expect(matchesFacets(skate, { attributes: { size: [] } })).toBe(true);
  });

  it('category and price', () => {
    expect(shop.filter((p) => matchesFacets(p, { category: 'hoodies' }))).toHaveLength(2);
    expect(shop.filter((p) => matchesFacets(p, { minPaise: 50_000, maxPaise: 100_000 }))).toEqual([
      hoodieGrey,
    ]);
  });
});

describe('facetCounts', () => {
  it('counts every option over the whole shop', () => {
    expect(counts(shop, {})).toEqual({
      total: 5,
      categories: { hoodies: 2, 't-shirts': 1, skates: 1, caps: 1 },
      // under 500, 500–1000, 1000–2000, 2000–5000, 5000+
      priceBands: [2, 1, 1, 0, 1],
      inStock: 4,
      attributes: {
        colour: ['Black:2', 'Grey:1', 'White:1'],
        size: ['S:1', 'M:3', 'L:1'],
      },
    });
  });

  it('an option leaves its own group out and keeps the others', () => {
    const c = counts(shop, { category: 'hoodies', attributes: { size: ['m'] } });
    expect(c.total).toBe(2);
    // Categories: size M kept, category left out.
    expect(c.categories).toEqual({ hoodies: 2, 't-shirts': 1 });
    // Sizes: category kept, size left out (so L and S are offered with what they would give).
    expect(c.attributes.size).toEqual(['S:1', 'M:2', 'L:1']);
    // Colours: the hoodies that come in M in that colour.
    expect(c.attributes.colour).toEqual(['Black:1', 'Grey:1']);
    expect(c.priceBands).toEqual([0, 1, 1, 0, 0]);
  });

  it('in stock narrows the attribute counts to variations with stock', () => {
    const c = counts(shop, { inStock: true });
    expect(c.total).toBe(4);
    expect(c.attributes.size).toEqual(['S:1', 'M:2', 'L:1']);
    expect(c.attributes.colour).toEqual(['Black:2', 'Grey:1', 'White:1']);
    // The in-stock count with size M chosen: the grey hoodie's M is sold out.
    expect(counts(shop, { attributes: { size: ['m'] } }).inStock).toBe(2);
  });

  it('a chosen value no product has stays listed with 0', () => {
    const c = counts(shop, { attributes: { size: ['xxl'] } });
    expect(c.total).toBe(0);
    expect(c.attributes.size).toContain('xxl:0');
  });

  it('price bands keep the other filters and leave the price out', () => {
    const c = counts(shop, { minPaise: 500_000, inStock: true });
    expect(c.total).toBe(1);
    expect(c.priceBands).toEqual([1, 1, 1, 0, 1]);
  });

  it('no products: zero everywhere, nothing listed', () => {
    expect(counts([], {})).toEqual({
      total: 0,
      categories: {},
      priceBands: [0, 0, 0, 0, 0],
      inStock: 0,
      attributes: {},
    });
  });
});

describe('compareAttributeValues', () => {
  it('orders sizes as worn, numbers ascending, the rest alphabetically', () => {
    expect(['XL', 'm', 'S', 'XXL', 'L', 'XS'].sort(compareAttributeValues)).toEqual([
      'XS',
      'S',
      'm',
      'L',
      'XL',
      'XXL',
    ]);
    expect(['10', '8', '12', 'Free'].sort(compareAttributeValues)).toEqual([
      '8',
      '10',
      '12',
      'Free',
    ]);
    expect(['Red', 'black', 'Blue'].sort(compareAttributeValues)).toEqual(['black', 'Blue', 'Red']);
  });
});
