import { describe, expect, it } from 'vitest';
import { assertPaise, divideRoundHalfUp, percentToBasisPoints } from './rounding.ts';

describe('divideRoundHalfUp', () => {
  it.each([
    [0, 7, 0],
    [12344, 10, 1234],
    [12345, 10, 1235],
    [12346, 10, 1235],
    [1, 2, 1],
    [1, 3, 0],
    [2, 3, 1],
    [100, 100, 1],
    [Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER],
  ])('%i / %i is %i', (n, d, q) => {
    expect(divideRoundHalfUp(n, d)).toBe(q);
  });

  it.each([
    [-1, 2],
    [1.5, 2],
    [NaN, 2],
    [1, 0],
    [1, -2],
    [1, 0.5],
  ])('rejects %d / %d', (n, d) => {
    expect(() => divideRoundHalfUp(n, d)).toThrow(RangeError);
  });
});

describe('percentToBasisPoints', () => {
  it.each([
    [0, 0],
    [5, 500],
    [12.5, 1250],
    [7.3, 730],
    [0.01, 1],
    [100, 10000],
  ])('%d %% is %i basis points', (p, bp) => {
    expect(percentToBasisPoints(p, 'Rate')).toBe(bp);
  });

  it.each([-1, 100.01, NaN, Infinity, 1.234])('rejects %d', (p) => {
    expect(() => percentToBasisPoints(p, 'Rate')).toThrow(/Rate/);
  });

  it('accepts a larger maximum when asked', () => {
    expect(percentToBasisPoints(150, 'Rate', 200)).toBe(15000);
  });
});

describe('assertPaise', () => {
  it('accepts whole non-negative paise and names the field otherwise', () => {
    expect(() => assertPaise('Total', 0)).not.toThrow();
    expect(() => assertPaise('Total', 5)).not.toThrow();
    expect(() => assertPaise('Total', -1)).toThrow('Total must be');
    expect(() => assertPaise('Total', 1.5)).toThrow(RangeError);
  });
});
