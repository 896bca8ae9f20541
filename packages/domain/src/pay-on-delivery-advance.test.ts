import { describe, expect, it } from 'vitest';
import { payOnDeliveryAdvance } from './pay-on-delivery-advance.ts';

describe('payOnDeliveryAdvance', () => {
  it.each([
    // total paise, percent, advance paise
    [500000, 20, 100000], // ₹5,000 x 20 % = ₹1,000
    [123450, 10, 12300], // ₹123.45 -> ₹123
    [125000, 10, 12500], // ₹125 exactly
    [125500, 10, 12600], // ₹125.50 -> ₹126 (half up)
    [125499, 10, 12500], // ₹125.4999 -> ₹125
    [249900, 20, 50000], // ₹499.80 -> ₹500
    [99, 20, 0], // ₹0.198 -> ₹0: no advance
    [150, 100, 150], // ₹1.50 -> ₹2, capped at the total
    [777777, 12.5, 97200], // ₹972.22 -> ₹972
    [0, 20, 0],
  ])('%i paise at %d %% asks %i paise', (total, percent, advance) => {
    expect(payOnDeliveryAdvance(total, percent)).toEqual({
      advancePaise: advance,
      remainingPaise: total - advance,
    });
  });

  it('takes no advance at 0 %', () => {
    expect(payOnDeliveryAdvance(500000, 0)).toEqual({ advancePaise: 0, remainingPaise: 500000 });
  });

  it('takes everything at 100 % of a whole-rupee total', () => {
    expect(payOnDeliveryAdvance(500000, 100)).toEqual({ advancePaise: 500000, remainingPaise: 0 });
  });

  it('always gives whole rupees that add up with the remainder', () => {
    for (let total = 0; total < 100000; total += 173) {
      for (const percent of [5, 10, 20, 33.33, 50]) {
        const { advancePaise, remainingPaise } = payOnDeliveryAdvance(total, percent);
        expect(advancePaise % 100 === 0 || advancePaise === total).toBe(true);
        expect(advancePaise + remainingPaise).toBe(total);
        expect(Math.abs(advancePaise - (total * percent) / 100)).toBeLessThanOrEqual(50 + 1e-6);
      }
    }
  });

  it('rejects malformed totals and percentages', () => {
    expect(() => payOnDeliveryAdvance(-1, 20)).toThrow('Total');
    expect(() => payOnDeliveryAdvance(10.5, 20)).toThrow('Total');
    expect(() => payOnDeliveryAdvance(100, -1)).toThrow('Delivery percentage');
    expect(() => payOnDeliveryAdvance(100, 101)).toThrow('Delivery percentage');
    expect(() => payOnDeliveryAdvance(Number.MAX_SAFE_INTEGER, 50)).toThrow('too large');
  });
});
