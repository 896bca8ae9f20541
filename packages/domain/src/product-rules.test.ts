import { describe, expect, it } from 'vitest';
import {
  copySku,
  firstRepeated,
  hsnCodeProblem,
  salePriceProblem,
  stockLevel,
  variationCombinationProblem,
  variationGrid,
} from './product-rules.ts';

const sizes = { name: 'Size', selectedTerms: [{ name: 'S' }, { name: 'M' }] };
const colours = {
  name: 'Colour',
  selectedTerms: [{ name: 'Red' }, { name: 'Blue' }, { name: 'Black' }],
};

describe('product rules', () => {
  it('makes the sizes × colours grid in order', () => {
    const grid = variationGrid([sizes, colours]);
    expect(grid).toHaveLength(6);
    expect(grid[0]).toEqual({ Size: 'S', Colour: 'Red' });
    expect(grid[5]).toEqual({ Size: 'M', Colour: 'Black' });
    expect(variationGrid([])).toEqual([]);
    expect(variationGrid([{ name: 'Size', selectedTerms: [] }])).toEqual([]);
  });

  it('accepts a combination of the terms once, in any key order', () => {
    expect(
      variationCombinationProblem([sizes, colours], { Colour: 'Red', Size: 'M' }, []),
    ).toBeNull();
    expect(
      variationCombinationProblem([sizes, colours], { Colour: 'Red', Size: 'M' }, [
        { Size: 'M', Colour: 'Red' },
      ]),
    ).toMatch(/same terms/);
    expect(
      variationCombinationProblem([sizes, colours], { Size: 'XL', Colour: 'Red' }, []),
    ).toMatch(/one term of each attribute/);
    expect(variationCombinationProblem([sizes, colours], { Size: 'S' }, [])).not.toBeNull();
  });

  it('refuses a sale price above the MRP; 0 is no sale price', () => {
    expect(salePriceProblem(100000, 99999)).toBeNull();
    expect(salePriceProblem(100000, 100000)).toBeNull();
    expect(salePriceProblem(100000, 0)).toBeNull();
    expect(salePriceProblem(100000, 100001)).toMatch(/MRP/);
  });

  it('reads stock levels', () => {
    expect(stockLevel(0)).toBe('out');
    expect(stockLevel(1)).toBe('low');
    expect(stockLevel(5)).toBe('low');
    expect(stockLevel(6)).toBe('in');
  });

  it('checks HSN/SAC codes', () => {
    for (const ok of ['', '9506', '950699', '61091000', '999293'])
      expect(hsnCodeProblem(ok)).toBeNull();
    for (const bad of ['95', '95066', 'abcd', '9506999999'])
      expect(hsnCodeProblem(bad)).not.toBeNull();
  });

  it('finds repeats and names copies', () => {
    expect(firstRepeated(['A-1', 'b', 'a-1 '])).toBe('a-1 ');
    expect(firstRepeated(['a', 'b'])).toBeNull();
    const taken = new Set(['SK-1-copy', 'SK-1-copy-2']);
    expect(copySku('SK-1', (s) => taken.has(s))).toBe('SK-1-copy-3');
    expect(copySku('X', () => false)).toBe('X-copy');
  });
});
