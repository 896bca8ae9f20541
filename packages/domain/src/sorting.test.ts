import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS, isSortOption, sortProducts, type SortOption } from './sorting.ts';

type Item = {
  id: string;
  createdAt: string | Date;
  totalSold: number;
  originalPricePaise: number;
  discountPricePaise: number;
};

const item = (
  id: string,
  createdAt: string | Date,
  totalSold: number,
  originalPricePaise: number,
  discountPricePaise = 0,
): Item => ({ id, createdAt, totalSold, originalPricePaise, discountPricePaise });

const items: Item[] = [
  item('a', '2024-01-10T10:00:00Z', 5, 100000, 0),
  item('b', '2024-03-01T10:00:00Z', 50, 200000, 50000),
  item('c', new Date('2024-02-15T10:00:00Z'), 20, 80000, 0),
  item('d', '2023-12-31T23:59:59Z', 50, 150000, 150000),
];

const ids = (list: readonly Item[]) => list.map((i) => i.id);

describe('SORT_OPTIONS', () => {
  it('lists the five options in the spec order with their labels', () => {
    expect(SORT_OPTIONS).toEqual([
      { value: 'recommended', label: 'Recommended' },
      { value: 'newest', label: 'Newest First' },
      { value: 'popular', label: 'Popular' },
      { value: 'price_desc', label: 'Price: High to Low' },
      { value: 'price_asc', label: 'Price: Low to High' },
    ]);
  });
});

describe('isSortOption', () => {
  it.each(SORT_OPTIONS.map((o) => o.value))('accepts %s', (v) => {
    expect(isSortOption(v)).toBe(true);
  });

  it.each(['', 'Newest', 'price', 'PRICE_ASC', ' newest', null, undefined, 1, {}, ['newest']])(
    'rejects %j',
    (v) => {
      expect(isSortOption(v)).toBe(false);
    },
  );
});

describe('sortProducts', () => {
  it('recommended keeps the original order', () => {
    expect(ids(sortProducts(items, 'recommended'))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('newest is createdAt descending (strings and Dates alike)', () => {
    expect(ids(sortProducts(items, 'newest'))).toEqual(['b', 'c', 'a', 'd']);
  });

  it('newest puts unparseable dates last, keeping their order', () => {
    const list = [
      item('x', 'not a date', 0, 1),
      item('y', '2024-01-01', 0, 1),
      item('z', '', 0, 1),
      item('w', '2025-01-01', 0, 1),
    ];
    expect(ids(sortProducts(list, 'newest'))).toEqual(['w', 'y', 'x', 'z']);
  });

  it('popular is totalSold descending, ties in original order', () => {
    expect(ids(sortProducts(items, 'popular'))).toEqual(['b', 'd', 'c', 'a']);
  });

  it('price uses the sale price when present, else the original', () => {
    // effective sort prices: a 100000, b 50000 (sale), c 80000, d 150000 (sale equals original)
    expect(ids(sortProducts(items, 'price_asc'))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(sortProducts(items, 'price_desc'))).toEqual(['d', 'a', 'c', 'b']);
  });

  it('a discount price of 0 means no sale price', () => {
    const list = [item('p', '2024-01-01', 0, 300, 0), item('q', '2024-01-01', 0, 200, 0)];
    expect(ids(sortProducts(list, 'price_asc'))).toEqual(['q', 'p']);
  });

  it('is stable for equal keys in every direction', () => {
    const same = ['1', '2', '3', '4', '5'].map((id) => item(id, '2024-05-05T00:00:00Z', 7, 500));
    for (const option of SORT_OPTIONS) {
      expect(ids(sortProducts(same, option.value))).toEqual(['1', '2', '3', '4', '5']);
    }
    const mixed = [
      item('1', '2024-01-01', 1, 500, 0),
      item('2', '2024-01-01', 1, 900, 500),
      item('3', '2024-01-01', 1, 500, 0),
    ];
    expect(ids(sortProducts(mixed, 'price_asc'))).toEqual(['1', '2', '3']);
    expect(ids(sortProducts(mixed, 'price_desc'))).toEqual(['1', '2', '3']);
  });

  it.each(SORT_OPTIONS.map((o) => o.value))(
    '%s returns a new array and leaves the input alone',
    (sort: SortOption) => {
      const input = [...items];
      const result = sortProducts(input, sort);
      expect(result).not.toBe(input);
      expect(ids(input)).toEqual(['a', 'b', 'c', 'd']);
      expect(result).toHaveLength(4);
      expect(result[0]).toBe(items.find((i) => i.id === result[0]?.id));
    },
  );

  it('handles an empty list', () => {
    expect(sortProducts([], 'newest')).toEqual([]);
  });
});
