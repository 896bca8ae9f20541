import { describe, expect, it } from 'vitest';
import { bulkBody } from './product-bulk.ts';

describe('the bulk edit', () => {
  const ids = ['a'];
  it('sends only the boxes filled', () => {
    expect(
      bulkBody(ids, { originalPrice: '599', discountPrice: '', stock: '', status: 'Inactive' }),
    ).toEqual({ ids, originalPrice: 599, status: 'Inactive' });
  });
  it('takes ₹ and digit groups, as an owner writes prices', () => {
    expect(
      bulkBody(ids, {
        originalPrice: '₹1,499',
        discountPrice: '1,299',
        stock: '1,000',
        status: '',
      }),
    ).toEqual({ ids, originalPrice: 1499, discountPrice: 1299, stock: 1000 });
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
