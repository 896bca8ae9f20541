import { describe, expect, it } from 'vitest';
import { formatInr, paiseToRupees, rupeesToPaise } from './money.ts';

describe('paiseToRupees', () => {
  it.each([
    [129900, 1299],
    [12345, 123.45],
    [0, 0],
    [1, 0.01],
    [5, 0.05],
    [99, 0.99],
    [100, 1],
    [150, 1.5],
    [-250, -2.5],
    [999999999, 9999999.99],
  ])('%i paise is %d rupees', (paise, rupees) => {
    expect(paiseToRupees(paise)).toBe(rupees);
  });

  it('gives exact 2-decimal figures, never float noise, and round-trips', () => {
    for (let p = 0; p < 20000; p += 7) {
      expect(String(paiseToRupees(p))).toMatch(/^\d+(\.\d{1,2})?$/);
      expect(rupeesToPaise(paiseToRupees(p))).toBe(p);
    }
  });

  it('rounds a stray fraction of a paisa first', () => {
    expect(paiseToRupees(12344.5)).toBe(123.45);
    expect(paiseToRupees(12345.4)).toBe(123.45);
  });

  it('turns -0 into 0', () => {
    expect(Object.is(paiseToRupees(-0), 0)).toBe(true);
  });

  it.each([NaN, Infinity, -Infinity])('rejects %d with RangeError', (bad) => {
    expect(() => paiseToRupees(bad)).toThrow(RangeError);
  });
});

describe('rupeesToPaise', () => {
  it.each([
    [1299, 129900],
    [123.45, 12345],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [0.01, 1],
    [0, 0],
    [1.5, 150],
    [4.35, 435],
    [8.2, 820],
    [1.13, 113],
    [1099.99, 109999],
  ])('%d rupees is %i paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it('rounds half up on the written decimal: 1.005 -> 101 (not 100)', () => {
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(2.675)).toBe(268);
    expect(rupeesToPaise(1.0049)).toBe(100);
    expect(rupeesToPaise(0.005)).toBe(1);
    expect(rupeesToPaise(0.0049)).toBe(0);
  });

  it('handles numbers printed in exponent form', () => {
    expect(rupeesToPaise(1e-7)).toBe(0);
    expect(rupeesToPaise(5e-3)).toBe(1);
    expect(rupeesToPaise(1e10)).toBe(1e12);
  });

  it('turns -0 into 0', () => {
    expect(Object.is(rupeesToPaise(-0), 0)).toBe(true);
  });

  it.each([NaN, Infinity, -Infinity, -0.01, -1, 1e14, 1e21])(
    'rejects %d with RangeError',
    (bad) => {
      expect(() => rupeesToPaise(bad)).toThrow(RangeError);
    },
  );
});

describe('formatInr', () => {
  it.each([
    [12345600, '₹1,23,456'],
    [129900, '₹1,299'],
    [129950, '₹1,299.50'],
    [0, '₹0'],
    [5, '₹0.05'],
    [100, '₹1'],
    [99900, '₹999'],
    [100000, '₹1,000'],
    [10000000, '₹1,00,000'],
    [100000000000, '₹1,00,00,00,000'],
    [12345, '₹123.45'],
    [12340, '₹123.40'],
    [-20000, '-₹200'],
    [-1234, '-₹12.34'],
  ])('formats %i paise as %s', (paise, text) => {
    expect(formatInr(paise)).toBe(text);
  });

  it('rounds a stray fraction of a paisa first', () => {
    expect(formatInr(129999.6)).toBe('₹1,300');
    expect(formatInr(12344.5)).toBe('₹123.45');
  });

  it('keeps 2 decimals on whole rupees when asked to, as an invoice shows amounts', () => {
    expect(formatInr(12345600, { alwaysPaise: true })).toBe('₹1,23,456.00');
    expect(formatInr(12345650, { alwaysPaise: true })).toBe('₹1,23,456.50');
    expect(formatInr(0, { alwaysPaise: true })).toBe('₹0.00');
  });

  it.each([NaN, Infinity, -Infinity])('rejects %d with RangeError', (bad) => {
    expect(() => formatInr(bad)).toThrow(RangeError);
  });

  it("writes what Intl.NumberFormat('en-IN') writes, at every size and sign (up to 15 digits, where its doubles stay exact)", () => {
    const intl = (decimals: number) =>
      new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
    const amounts = [1, 9, 10, 99, 101, 999, 1001, 99999, 100001, 1234567, 98765432109];
    for (let digits = 1; digits <= 15; digits += 1) amounts.push(Number('7'.repeat(digits)));
    for (const paise of amounts.flatMap((a) => [a, -a, a - (a % 100)])) {
      const decimals = paise % 100 === 0 ? 0 : 2;
      expect(formatInr(paise), String(paise)).toBe(intl(decimals).format(paise / 100));
      expect(formatInr(paise, { alwaysPaise: true }), String(paise)).toBe(
        intl(2).format(paise / 100),
      );
    }
  });
});
