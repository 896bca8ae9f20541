import { describe, expect, it } from 'vitest';
import { isIntraStateSupply, splitInclusiveGst, sumGstSplits } from './gst-tax.ts';

describe('isIntraStateSupply', () => {
  it('compares GST state codes', () => {
    expect(isIntraStateSupply('27', '27')).toBe(true);
    expect(isIntraStateSupply('7', '07')).toBe(true);
    expect(isIntraStateSupply('27', '29')).toBe(false);
  });
});

describe('splitInclusiveGst', () => {
  it('takes the tax out of an inclusive amount, intra-state in halves', () => {
    // ₹1,050 at 5 %: taxable ₹1,000, tax ₹50, ₹25 + ₹25.
    expect(splitInclusiveGst(105000, 5, true)).toEqual({
      amountPaise: 105000,
      taxablePaise: 100000,
      taxPaise: 5000,
      cgstPaise: 2500,
      sgstPaise: 2500,
      igstPaise: 0,
    });
  });

  it('puts the whole tax in IGST between states', () => {
    // ₹1,180 at 18 %: taxable ₹1,000, tax ₹180.
    expect(splitInclusiveGst(118000, 18, false)).toEqual({
      amountPaise: 118000,
      taxablePaise: 100000,
      taxPaise: 18000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18000,
    });
  });

  it('rounds the taxable value half up and gives an odd paisa to SGST', () => {
    // ₹999 at 18 %: 99900 / 1.18 = 84661.016... -> 84661; tax 15239 = 7619 + 7620.
    expect(splitInclusiveGst(99900, 18, true)).toEqual({
      amountPaise: 99900,
      taxablePaise: 84661,
      taxPaise: 15239,
      cgstPaise: 7619,
      sgstPaise: 7620,
      igstPaise: 0,
    });
    // 21 paise at 5 %: 20 exactly. 2037 at 18 %: 1726.27 -> 1726.
    expect(splitInclusiveGst(21, 5, true).taxablePaise).toBe(20);
    expect(splitInclusiveGst(2037, 18, false).taxablePaise).toBe(1726);
    // Exact half: 1 paisa at 100 %: 0.5 -> 1 taxable, 0 tax.
    expect(splitInclusiveGst(1, 100, true)).toMatchObject({ taxablePaise: 1, taxPaise: 0 });
  });

  it('always adds up, for many amounts and rates', () => {
    for (const rate of [0, 0.25, 3, 5, 12, 18, 28, 40]) {
      for (let amount = 0; amount < 30000; amount += 37) {
        for (const intra of [true, false]) {
          const s = splitInclusiveGst(amount, rate, intra);
          expect(s.taxablePaise + s.taxPaise).toBe(amount);
          expect(s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(s.taxPaise);
          expect(s.sgstPaise - s.cgstPaise).toBeGreaterThanOrEqual(0);
          expect(s.sgstPaise - s.cgstPaise).toBeLessThanOrEqual(1);
          // The taxable value is the nearest paisa to amount / (1 + rate).
          expect(Math.abs(s.taxablePaise - amount / (1 + rate / 100))).toBeLessThanOrEqual(
            0.5 + 1e-9,
          );
        }
      }
    }
  });

  it('has no tax at 0 %', () => {
    expect(splitInclusiveGst(12345, 0, true)).toMatchObject({ taxablePaise: 12345, taxPaise: 0 });
  });

  it('rejects malformed amounts and rates', () => {
    expect(() => splitInclusiveGst(-1, 5, true)).toThrow('Amount');
    expect(() => splitInclusiveGst(100.5, 5, true)).toThrow('Amount');
    expect(() => splitInclusiveGst(100, -5, true)).toThrow('GST rate');
    expect(() => splitInclusiveGst(100, NaN, true)).toThrow('GST rate');
  });
});

describe('sumGstSplits', () => {
  it('adds splits field by field, and is all zeros for none', () => {
    const a = splitInclusiveGst(105000, 5, true);
    const b = splitInclusiveGst(99900, 18, true);
    expect(sumGstSplits([a, b])).toEqual({
      amountPaise: 204900,
      taxablePaise: 184661,
      taxPaise: 20239,
      cgstPaise: 10119,
      sgstPaise: 10120,
      igstPaise: 0,
    });
    expect(sumGstSplits([])).toEqual({
      amountPaise: 0,
      taxablePaise: 0,
      taxPaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    });
  });
});
