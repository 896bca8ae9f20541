import { describe, expect, it } from 'vitest';
import { gstRatePercent, type GstRateRule } from './gst-rate.ts';

const apparel: GstRateRule = { ratePercent: 5, above: { unitPricePaise: 250000, ratePercent: 18 } };
const skates: GstRateRule = { ratePercent: 5 };
const course: GstRateRule = { ratePercent: 18, above: null };

describe('gstRatePercent', () => {
  it('gives apparel 5 % up to ₹2,500 a piece and 18 % above', () => {
    expect(gstRatePercent(apparel, 99900)).toBe(5);
    expect(gstRatePercent(apparel, 250000)).toBe(5);
    expect(gstRatePercent(apparel, 250001)).toBe(18);
    expect(gstRatePercent(apparel, 499900)).toBe(18);
  });

  it('gives a flat rule its rate at any price', () => {
    expect(gstRatePercent(skates, 100)).toBe(5);
    expect(gstRatePercent(skates, 10_000_000)).toBe(5);
    expect(gstRatePercent(course, 0)).toBe(18);
  });

  it('rejects malformed rules and prices', () => {
    expect(() => gstRatePercent({ ratePercent: -5 }, 100)).toThrow('GST rate');
    expect(() =>
      gstRatePercent({ ratePercent: 5, above: { unitPricePaise: 1, ratePercent: 101 } }, 100),
    ).toThrow('GST rate above');
    expect(() =>
      gstRatePercent({ ratePercent: 5, above: { unitPricePaise: -1, ratePercent: 18 } }, 100),
    ).toThrow('GST threshold');
    expect(() => gstRatePercent(skates, 1.5)).toThrow('Unit sale price');
  });
});
