import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD, stockLevel, stockLevelText } from './stock-level.ts';

describe('stockLevel', () => {
  it('is out at 0, below 0 and for a count that is not a number', () => {
    expect(stockLevel(0)).toEqual({ kind: 'out' });
    expect(stockLevel(-2)).toEqual({ kind: 'out' });
    expect(stockLevel(Number.NaN)).toEqual({ kind: 'out' });
  });

  it('is low from 1 to the threshold, with the count', () => {
    expect(stockLevel(1)).toEqual({ kind: 'low', left: 1 });
    expect(stockLevel(LOW_STOCK_THRESHOLD)).toEqual({ kind: 'low', left: LOW_STOCK_THRESHOLD });
  });

  it('is in stock above the threshold, without the count', () => {
    expect(stockLevel(LOW_STOCK_THRESHOLD + 1)).toEqual({ kind: 'in' });
    expect(stockLevel(14)).toEqual({ kind: 'in' });
  });

  it('reads as the shopper sees it', () => {
    expect(stockLevelText(0)).toBe('Out of stock');
    expect(stockLevelText(2)).toBe('Only 2 left');
    expect(stockLevelText(14)).toBe('In stock');
  });
});
