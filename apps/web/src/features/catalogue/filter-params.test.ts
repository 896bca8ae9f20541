import { describe, expect, it } from 'vitest';
import {
  appendFilterQuery,
  chosenCount,
  isChosen,
  readFilterParams,
  toggleAttr,
  writeFilterParams,
} from './filter-params.ts';

describe('filters in the page URL', () => {
  it('reads what a shared link holds', () => {
    const params = new URLSearchParams(
      'sort=price_asc&category=Hoodies&price_min=500&price_max=1000&in_stock=1&attr=size:M&attr=colour:Black',
    );
    expect(readFilterParams(params)).toEqual({
      category: 'Hoodies',
      priceMin: 500,
      priceMax: 1000,
      inStock: true,
      attr: ['size:M', 'colour:Black'],
    });
  });

  it('leaves out what it cannot read instead of failing', () => {
    const params = new URLSearchParams(
      'price_min=abc&price_max=-5&in_stock=yes&attr=size&attr=:M&attr=size:M&attr=size:M',
    );
    expect(readFilterParams(params)).toEqual({ inStock: false, attr: ['size:M'] });
    // A range that ends before it starts keeps its start only.
    expect(readFilterParams(new URLSearchParams('price_min=900&price_max=500'))).toEqual({
      priceMin: 900,
      inStock: false,
      attr: [],
    });
  });

  it('writes the filters back, keeping the sort and the search', () => {
    const prev = new URLSearchParams('search=hoodie&sort=newest&attr=size:S&in_stock=1');
    const next = writeFilterParams(prev, { priceMax: 500, inStock: false, attr: ['size:L'] });
    expect(next.toString()).toBe('search=hoodie&sort=newest&price_max=500&attr=size%3AL');
    expect(readFilterParams(next)).toEqual({ priceMax: 500, inStock: false, attr: ['size:L'] });
  });

  it('toggles an attribute value in any spelling', () => {
    const f = { inStock: false, attr: ['Size:M'] };
    expect(isChosen(f, 'size', 'm')).toBe(true);
    expect(toggleAttr(f, 'size', 'M').attr).toEqual([]);
    expect(toggleAttr(f, 'colour', 'Black').attr).toEqual(['Size:M', 'colour:Black']);
  });

  it('counts the chosen filters (the category only where it is a filter)', () => {
    const f = { category: 'Hoodies', priceMin: 500, inStock: true, attr: ['size:M', 'size:L'] };
    expect(chosenCount(f, true)).toBe(5);
    expect(chosenCount(f, false)).toBe(4);
  });

  it('adds them to an API query under the same names', () => {
    const q = new URLSearchParams('courses=exclude');
    appendFilterQuery(q, { priceMin: 0, inStock: true, attr: ['size:M'] });
    expect(q.toString()).toBe('courses=exclude&price_min=0&in_stock=true&attr=size%3AM');
  });
});
