import { describe, expect, it } from 'vitest';
import { bulkBody } from './product-bulk.ts';

describe('the bulk edit', () => {
  const ids = ['a'];
  it('sends only the boxes filled', () => {
    expect(
      bulkBody(ids, { originalPrice: '599', discountPrice: '', stock: '', status: 'Inactive' }),
    ).toEqual({ ids, originalPrice: 599, status: 'Inactive' });
  });
  it('refuses nothing to set and a bad number', () => {
    expect(bulkBody(ids, { originalPrice: '', discountPrice: '', stock: '', status: '' })).toMatch(
      /Enter a price/,
    );
    expect(bulkBody(ids, { originalPrice: '', discountPrice: '', stock: '-1', status: '' })).toBe(
      'Stock: enter a number of 0 or more.',
    );
  });
});
