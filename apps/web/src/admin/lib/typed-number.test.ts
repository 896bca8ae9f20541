import { describe, expect, it } from 'vitest';
import { typedNumber } from './typed-number.ts';

describe('typedNumber', () => {
  it.each([
    ['499', 499],
    [' 499.50 ', 499.5],
    ['1,499', 1499],
    ['1,49,999', 149999],
    ['12,34,567.50', 1234567.5],
    ['₹1,499', 1499],
    ['₹ 649', 649],
    ['Rs. 1,499', 1499],
    ['rs 20', 20],
    ['0', 0],
  ])('reads %j as %d', (text, n) => {
    expect(typedNumber(text, null)).toBe(n);
  });

  it.each(['abc', '1,4', '14,99,', '1.499,00', '1,499abc', '--5'])(
    'reads %j as no number (NaN), so the form names the box',
    (text) => {
      expect(typedNumber(text, null)).toBeNaN();
    },
  );

  it('gives the blank value for an empty box', () => {
    expect(typedNumber('  ', 0)).toBe(0);
    expect(typedNumber('', null)).toBeNull();
  });
});
