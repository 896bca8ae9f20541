import { describe, expect, it } from 'vitest';
import { LOW_STOCK_AT } from './product-rules.ts';
import { lowStockLeft, stockLevelText } from './stock-level.ts';

describe('lowStockLeft', () => {
  it('is the count from 1 to the low-stock mark', () => {
    expect(lowStockLeft(1)).toBe(1);
    expect(lowStockLeft(LOW_STOCK_AT)).toBe(LOW_STOCK_AT);
  });

  it('is null when sold out or above the mark', () => {
    expect(lowStockLeft(0)).toBeNull();
    expect(lowStockLeft(-2)).toBeNull();
    expect(lowStockLeft(LOW_STOCK_AT + 1)).toBeNull();
    expect(lowStockLeft(14)).toBeNull();
  });
});

describe('stockLevelText', () => {
  it('reads as the shopper sees it', () => {
    expect(stockLevelText(0)).toBe('Out of stock');
    expect(stockLevelText(2)).toBe('Only 2 left');
    expect(stockLevelText(LOW_STOCK_AT + 1)).toBe('In stock');
  });
});
