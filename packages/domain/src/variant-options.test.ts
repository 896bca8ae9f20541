import { describe, expect, it } from 'vitest';
import {
  chooseVariant,
  chosenVariation,
  initialVariantSelection,
  unchosenGroups,
  variantAttributes,
  variantLabel,
  variantOptions,
  type VariantLike,
} from './variant-options.ts';

const v = (sku: string, stock: number, attributes: Record<string, string>): VariantLike => ({
  sku,
  stock,
  attributes,
});

// Black in S, M, L; White in M and L only (White/S does not exist); Black/L is sold out.
const TEE = [
  v('B-S', 4, { Size: 'S', Colour: 'Black' }),
  v('B-M', 2, { Size: 'M', Colour: 'Black' }),
  v('B-L', 0, { Size: 'L', Colour: 'Black' }),
  v('W-M', 5, { Size: 'M', Colour: 'White' }),
  v('W-L', 1, { Size: 'L', Colour: 'White' }),
];
const DECLARED = [
  { name: 'Size', selectedTerms: [{ name: 'S' }, { name: 'M' }, { name: 'L' }, { name: 'XL' }] },
  { name: 'Colour', selectedTerms: [{ name: 'White' }, { name: 'Black' }] },
];

describe('variantAttributes', () => {
  it('puts colour first, then the declared order; values in the declared terms order', () => {
    expect(variantAttributes(TEE, DECLARED)).toEqual([
      { name: 'Colour', values: ['White', 'Black'] },
      { name: 'Size', values: ['S', 'M', 'L'] },
    ]);
  });

  it('without a declaration keeps first-seen order (colour still first)', () => {
    expect(variantAttributes(TEE)).toEqual([
      { name: 'Colour', values: ['Black', 'White'] },
      { name: 'Size', values: ['S', 'M', 'L'] },
    ]);
  });

  it('lists only values a variation has and skips blank ones', () => {
    const groups = variantAttributes([v('a', 1, { Size: 'M', Fit: '' })], DECLARED);
    expect(groups).toEqual([{ name: 'Size', values: ['M'] }]);
  });

  it('has no groups for variations without attributes', () => {
    expect(variantAttributes([v('a', 1, {})])).toEqual([]);
  });
});

describe('variantOptions', () => {
  const groups = variantAttributes(TEE, DECLARED);

  it('disables sizes the chosen colour does not come in and marks sold-out ones', () => {
    const [colour, size] = variantOptions(TEE, groups, { Colour: 'White', Size: 'M' });
    expect(colour!.options.map((o) => [o.value, o.available, o.inStock, o.selected])).toEqual([
      ['White', true, true, true],
      ['Black', true, true, false],
    ]);
    expect(size!.options.map((o) => [o.value, o.available, o.inStock, o.selected])).toEqual([
      ['S', false, false, false],
      ['M', true, true, true],
      ['L', true, true, false],
    ]);
  });

  it('a sold-out combination is available but not in stock', () => {
    const size = variantOptions(TEE, groups, { Colour: 'Black' })[1]!;
    expect(size.options.find((o) => o.value === 'L')).toMatchObject({
      available: true,
      inStock: false,
    });
  });

  it('with nothing chosen every value some variation has is available', () => {
    const size = variantOptions(TEE, groups, {})[1]!;
    expect(size.options.every((o) => o.available)).toBe(true);
  });

  it('a colour whose every variation is sold out is marked', () => {
    const sold = [v('R-M', 0, { Colour: 'Red', Size: 'M' }), ...TEE];
    const colour = variantOptions(sold, variantAttributes(sold), {})[0]!;
    expect(colour.options.find((o) => o.value === 'Red')).toMatchObject({
      available: true,
      inStock: false,
    });
  });
});

describe('chooseVariant', () => {
  const groups = variantAttributes(TEE, DECLARED);

  it('keeps a size the new colour also comes in', () => {
    expect(chooseVariant(TEE, groups, { Colour: 'Black', Size: 'M' }, 'Colour', 'White')).toEqual({
      Colour: 'White',
      Size: 'M',
    });
  });

  it('clears a size the new colour does not come in (never guesses another)', () => {
    expect(chooseVariant(TEE, groups, { Colour: 'Black', Size: 'S' }, 'Colour', 'White')).toEqual({
      Colour: 'White',
    });
  });

  it('fills a group left with one possible value', () => {
    const two = [
      v('R-M', 3, { Colour: 'Red', Size: 'M' }),
      v('G-M', 3, { Colour: 'Green', Size: 'M' }),
      v('G-L', 3, { Colour: 'Green', Size: 'L' }),
    ];
    const g = variantAttributes(two);
    expect(chooseVariant(two, g, { Colour: 'Green' }, 'Colour', 'Red')).toEqual({
      Colour: 'Red',
      Size: 'M',
    });
  });

  it('refuses a value that is not available with the choices above', () => {
    const selection = { Colour: 'White', Size: 'M' };
    expect(chooseVariant(TEE, groups, selection, 'Size', 'S')).toBe(selection);
    expect(chooseVariant(TEE, groups, selection, 'Size', 'XXL')).toBe(selection);
    expect(chooseVariant(TEE, groups, selection, 'Fit', 'Slim')).toBe(selection);
  });

  it('lets a sold-out value be chosen (the page then says Out of Stock)', () => {
    const next = chooseVariant(TEE, groups, { Colour: 'Black', Size: 'M' }, 'Size', 'L');
    expect(chosenVariation(TEE, groups, next)?.sku).toBe('B-L');
  });
});

describe('initialVariantSelection and chosenVariation', () => {
  const groups = variantAttributes(TEE, DECLARED);

  it('starts on the colour of the first variation in stock, with no size chosen', () => {
    const sold = [v('W-XS', 0, { Size: 'XS', Colour: 'White' }), ...TEE];
    const g = variantAttributes(sold, DECLARED);
    const start = initialVariantSelection(sold, g);
    expect(start).toEqual({ Colour: 'Black' });
    expect(chosenVariation(sold, g, start)).toBeUndefined();
    expect(unchosenGroups(g, start)).toEqual(['Size']);
  });

  it('starts on the first colour when none has stock, still without a size', () => {
    const none = TEE.map((x) => ({ ...x, stock: 0 }));
    expect(initialVariantSelection(none, groups)).toEqual({ Colour: 'Black' });
  });

  it('chooses no size of a product with sizes only, but fills a single one', () => {
    const sizes = [v('S', 1, { Size: 'S' }), v('M', 1, { Size: 'M' })];
    expect(initialVariantSelection(sizes, variantAttributes(sizes))).toEqual({});
    const one = [v('F', 1, { Size: 'Free' })];
    expect(initialVariantSelection(one, variantAttributes(one))).toEqual({ Size: 'Free' });
  });

  it('names no variation until every group is chosen', () => {
    expect(chosenVariation(TEE, groups, { Colour: 'Black' })).toBeUndefined();
    expect(chosenVariation(TEE, [], {})).toBeUndefined();
    expect(initialVariantSelection([], groups)).toEqual({});
  });
});

describe('variantLabel', () => {
  it('names a variation by its values in the picker order ("Black / M")', () => {
    const groups = variantAttributes(TEE, DECLARED);
    expect(variantLabel({ Size: 'M', Colour: 'Black' }, groups)).toBe('Black / M');
    expect(variantLabel({ Size: 'M', Colour: 'Black', Fit: 'Slim' }, groups)).toBe(
      'Black / M / Slim',
    );
    expect(variantLabel({}, groups)).toBe('');
  });
});
