import { describe, expect, it } from 'vitest';
import { isClothingOrFootwear, STANDARD_GST_PERCENT, suggestedGstRate } from './gst-suggestion.ts';

describe('suggestedGstRate', () => {
  it('suggests 5% for clothing up to ₹2,500 a piece and 18% above', () => {
    expect(suggestedGstRate('Cotton Kurtis', 79_900).ratePercent).toBe(5);
    expect(suggestedGstRate('cotton-kurtis', 250_000).ratePercent).toBe(5);
    expect(suggestedGstRate('cotton-kurtis', 250_001).ratePercent).toBe(18);
    expect(suggestedGstRate('t-shirts', 49_900).reason).toMatch(/22 Sep 2025/);
  });
  it('treats footwear the same', () => {
    expect(suggestedGstRate('Sandals', 120_000).ratePercent).toBe(5);
    expect(suggestedGstRate('Sports shoes', 300_000).ratePercent).toBe(18);
  });
  it('suggests the standard rate for anything else', () => {
    expect(suggestedGstRate('Laptops', 100).ratePercent).toBe(STANDARD_GST_PERCENT);
    expect(suggestedGstRate('', 100).ratePercent).toBe(18);
  });
});

describe('isClothingOrFootwear', () => {
  it('reads category names and keys', () => {
    expect(isClothingOrFootwear('Sportswear')).toBe(true);
    expect(isClothingOrFootwear('school-uniforms')).toBe(true);
    expect(isClothingOrFootwear('Sarees')).toBe(true);
    expect(isClothingOrFootwear('Laptop bags')).toBe(false);
    expect(isClothingOrFootwear('Skates')).toBe(false);
  });
});
