import { describe, expect, it } from 'vitest';
import {
  categoryKeyProblem,
  freeSku,
  keyFromName,
  SKU_MAX,
  skuFromTitle,
  variationSku,
} from './catalogue-keys.ts';

describe('keyFromName', () => {
  it('makes lower-case words joined by hyphens', () => {
    expect(keyFromName('Cotton Kurtis')).toBe('cotton-kurtis');
    expect(keyFromName('  Men’s  T-Shirts!! ')).toBe('men-s-t-shirts');
    expect(keyFromName('Bags & Belts')).toBe('bags-and-belts');
    expect(keyFromName('Café Crème')).toBe('cafe-creme');
    expect(keyFromName('???')).toBe('');
  });
  it('stays within the length and ends on no hyphen', () => {
    const key = keyFromName(`${'a'.repeat(99)} b`);
    expect(key.length).toBeLessThanOrEqual(100);
    expect(key.endsWith('-')).toBe(false);
  });
});

describe('categoryKeyProblem', () => {
  it('takes a derived key', () => {
    expect(categoryKeyProblem(keyFromName('Cotton Kurtis'))).toBeNull();
    expect(categoryKeyProblem('t-shirts')).toBeNull();
  });
  it('refuses spaces, capitals, other characters and an empty key, suggesting the fix', () => {
    expect(categoryKeyProblem('Cotton Kurtis')).toContain('"cotton-kurtis"');
    expect(categoryKeyProblem('Kurtis')).not.toBeNull();
    expect(categoryKeyProblem('kurtis/new')).not.toBeNull();
    expect(categoryKeyProblem('a--b')).not.toBeNull();
    expect(categoryKeyProblem('-a')).not.toBeNull();
    expect(categoryKeyProblem('')).toMatch(/Enter the key/);
    expect(categoryKeyProblem('a'.repeat(101))).toMatch(/At most 100/);
  });
});

describe('SKUs', () => {
  it('makes a product SKU from the title, cut at a word', () => {
    expect(skuFromTitle('Cotton Kurti (Blue)')).toBe('COTTON-KURTI-BLUE');
    expect(skuFromTitle('!!!')).toBe('ITEM');
    const long = skuFromTitle('Handwoven Chanderi Silk Cotton Festive Kurta Set With Dupatta');
    expect(long.length).toBeLessThanOrEqual(32);
    expect(long).toBe('HANDWOVEN-CHANDERI-SILK-COTTON');
  });
  it("adds a variation's options", () => {
    expect(variationSku('TEE-01', { Size: 'M', Colour: 'Navy blue' })).toBe('TEE-01-M-NAVY-BLUE');
    expect(variationSku('TEE-01', { Size: 'xl' })).toBe('TEE-01-XL');
  });
  it('numbers a SKU that is taken, in any case, within the length', () => {
    const taken = new Set(['kurti', 'kurti-2']);
    expect(freeSku('KURTI', (s) => taken.has(s.toLowerCase()))).toBe('KURTI-3');
    expect(freeSku('NEW', () => false)).toBe('NEW');
    const long = 'X'.repeat(SKU_MAX);
    const next = freeSku(long, (s) => s === long);
    expect(next.length).toBe(SKU_MAX);
    expect(next.endsWith('-2')).toBe(true);
  });
});
