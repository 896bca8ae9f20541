import { describe, expect, it } from 'vitest';
import { quoteTotals } from './quote-totals.ts';

describe('quoteTotals', () => {
  it('before discount is list price x quantity; after uses the sale price', () => {
    expect(
      quoteTotals([
        { pricePaise: 100000, salePricePaise: 80000, quantity: 2 },
        { pricePaise: 49950, salePricePaise: 0, quantity: 3 },
      ]),
    ).toEqual({ beforeDiscountPaise: 349850, afterDiscountPaise: 309850 });
  });

  it('subtracts the discount from the after-discount total only', () => {
    expect(
      quoteTotals([{ pricePaise: 100000, salePricePaise: 90000, quantity: 1 }], 15000),
    ).toEqual({ beforeDiscountPaise: 100000, afterDiscountPaise: 75000 });
  });

  it('defaults the discount to 0', () => {
    expect(quoteTotals([{ pricePaise: 1999, salePricePaise: 1499, quantity: 1 }])).toEqual({
      beforeDiscountPaise: 1999,
      afterDiscountPaise: 1499,
    });
  });

  it('uses the list price when the sale is 0, equal to or above it', () => {
    expect(
      quoteTotals([
        { pricePaise: 1000, salePricePaise: 0, quantity: 1 },
        { pricePaise: 1000, salePricePaise: 1000, quantity: 1 },
        { pricePaise: 1000, salePricePaise: 1500, quantity: 1 },
      ]),
    ).toEqual({ beforeDiscountPaise: 3000, afterDiscountPaise: 3000 });
  });

  it('never goes below 0', () => {
    expect(quoteTotals([{ pricePaise: 1000, salePricePaise: 800, quantity: 1 }], 5000)).toEqual({
      beforeDiscountPaise: 1000,
      afterDiscountPaise: 0,
    });
    expect(quoteTotals([{ pricePaise: 1000, salePricePaise: 800, quantity: 1 }], 800)).toEqual({
      beforeDiscountPaise: 1000,
      afterDiscountPaise: 0,
    });
  });

  it('is zero for no lines', () => {
    expect(quoteTotals([])).toEqual({ beforeDiscountPaise: 0, afterDiscountPaise: 0 });
    expect(quoteTotals([], 500)).toEqual({ beforeDiscountPaise: 0, afterDiscountPaise: 0 });
  });

  it('keeps whole paise exactly (no float drift)', () => {
    const lines = Array.from({ length: 10 }, () => ({
      pricePaise: 1010,
      salePricePaise: 1001,
      quantity: 3,
    }));
    expect(quoteTotals(lines, 3)).toEqual({
      beforeDiscountPaise: 30300,
      afterDiscountPaise: 30027,
    });
  });

  it.each([0, -1, 1.5, NaN, Infinity])('rejects quantity %d with RangeError', (quantity) => {
    expect(() => quoteTotals([{ pricePaise: 1000, salePricePaise: 0, quantity }])).toThrow(
      RangeError,
    );
  });

  it.each([-1, 0.5, NaN])('rejects a discount of %d with RangeError', (discount) => {
    expect(() =>
      quoteTotals([{ pricePaise: 1000, salePricePaise: 0, quantity: 1 }], discount),
    ).toThrow(RangeError);
  });

  it.each([-1, 10.5, NaN, Infinity])('rejects a list price of %d with RangeError', (pricePaise) => {
    expect(() => quoteTotals([{ pricePaise, salePricePaise: 0, quantity: 1 }])).toThrow(RangeError);
  });
});
