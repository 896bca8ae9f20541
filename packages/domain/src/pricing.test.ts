import { describe, expect, it } from 'vitest';
import { effectivePricePaise, hasDiscount, minVariationPricePaise, percentOff } from './pricing.ts';

describe('hasDiscount: badge and struck price only when the sale price is positive and below the original', () => {
  it.each([
    [100000, 80000, true],
    [100000, 99999, true],
    [100000, 1, true],
    [100000, 100000, false], // sale equal to original
    [100000, 120000, false], // sale above original
    [100000, 0, false], // no sale price
    [100000, -500, false],
    [0, 0, false],
    [0, 100, false],
    [100000, NaN, false],
  ])('original %i, sale %i -> %s', (original, sale, expected) => {
    expect(hasDiscount(original, sale)).toBe(expected);
  });
});

describe('effectivePricePaise', () => {
  it.each([
    [100000, 80000, 80000],
    [100000, 99999, 99999],
    [100000, 100000, 100000],
    [100000, 120000, 100000],
    [100000, 0, 100000],
    [100000, -1, 100000],
    [0, 0, 0],
    [0, 500, 0],
  ])('original %i, sale %i -> %i', (original, sale, expected) => {
    expect(effectivePricePaise(original, sale)).toBe(expected);
  });
});

describe('percentOff: rounded (original - sale) / original', () => {
  it.each([
    [100000, 80000, 20],
    [129900, 99900, 23], // 23.09 %
    [300, 200, 33], // 33.33 %
    [300, 100, 67], // 66.67 %
    [200, 199, 1], // exactly 0.5 % rounds up
    [200, 197, 2], // exactly 1.5 % rounds up
    [1000, 855, 15], // exactly 14.5 %: a naive (o - s) / o * 100 gives 14.499999999999998
    [1000, 865, 14], // 13.5 % rounds up to 14
    [1000, 996, 0], // 0.4 % rounds to 0
    [100000, 1, 100], // 99.999 %
  ])('original %i, sale %i -> %i%%', (original, sale, expected) => {
    expect(percentOff(original, sale)).toBe(expected);
  });

  it.each([
    [100000, 100000],
    [100000, 0],
    [100000, 150000],
    [0, 0],
    [100000, -1],
  ])('is null without a discount (original %i, sale %i)', (original, sale) => {
    expect(percentOff(original, sale)).toBeNull();
  });
});

describe('minVariationPricePaise: variable products show the minimum variation price', () => {
  it('takes the lowest effective price', () => {
    expect(
      minVariationPricePaise([
        { pricePaise: 150000, salePricePaise: 0 },
        { pricePaise: 120000, salePricePaise: 110000 },
        { pricePaise: 130000, salePricePaise: 100000 },
      ]),
    ).toBe(100000);
  });

  it('uses the list price when the sale is not below it', () => {
    expect(
      minVariationPricePaise([
        { pricePaise: 90000, salePricePaise: 95000 },
        { pricePaise: 100000, salePricePaise: 100000 },
      ]),
    ).toBe(90000);
  });

  it('ignores variations with no positive price', () => {
    expect(
      minVariationPricePaise([
        { pricePaise: 0, salePricePaise: 0 },
        { pricePaise: 0, salePricePaise: 500 },
        { pricePaise: -100, salePricePaise: 0 },
        { pricePaise: NaN, salePricePaise: 0 },
        { pricePaise: 70000, salePricePaise: 0 },
      ]),
    ).toBe(70000);
  });

  it('is null for no variations or only unpriced ones', () => {
    expect(minVariationPricePaise([])).toBeNull();
    expect(minVariationPricePaise([{ pricePaise: 0, salePricePaise: 0 }])).toBeNull();
  });

  it('handles a single variation', () => {
    expect(minVariationPricePaise([{ pricePaise: 4999, salePricePaise: 3999 }])).toBe(3999);
  });
});
