import { describe, expect, it } from 'vitest';
import { fitsStoredAmount, MAX_STORED_PAISE, tooLargeAmountMessage } from './stored-amount.ts';

describe('stored amount limit', () => {
  it('is the largest PostgreSQL integer', () => {
    expect(MAX_STORED_PAISE).toBe(2 ** 31 - 1);
  });

  it('accepts whole amounts from 0 up to the limit and nothing else', () => {
    expect(fitsStoredAmount(0)).toBe(true);
    expect(fitsStoredAmount(MAX_STORED_PAISE)).toBe(true);
    expect(fitsStoredAmount(MAX_STORED_PAISE + 1)).toBe(false);
    expect(fitsStoredAmount(-1)).toBe(false);
    expect(fitsStoredAmount(1.5)).toBe(false);
    expect(fitsStoredAmount(Number.NaN)).toBe(false);
  });

  it('names the limit in rupees', () => {
    expect(tooLargeAmountMessage('quote')).toBe(
      'This quote comes to more than ₹2,14,74,836.47, the most one quote can hold. Please lower a quantity or split it into several quotes.',
    );
  });
});
