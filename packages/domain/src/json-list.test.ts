import { describe, expect, it } from 'vitest';
import { parseJsonList } from './json-list.ts';

describe('parseJsonList', () => {
  it('returns an array as is', () => {
    const list = [1, 'two', { three: 3 }];
    expect(parseJsonList(list)).toBe(list);
    expect(parseJsonList([])).toEqual([]);
  });

  it('parses JSON text holding an array', () => {
    expect(parseJsonList('["a.jpg","b.jpg"]')).toEqual(['a.jpg', 'b.jpg']);
    expect(parseJsonList('[{"label":"Size","value":"M"}]')).toEqual([
      { label: 'Size', value: 'M' },
    ]);
    expect(parseJsonList(' [ ] ')).toEqual([]);
    expect(parseJsonList<number>('[1,2,3]')).toEqual([1, 2, 3]);
  });

  it.each([
    ['invalid JSON', '[1,2'],
    ['not JSON at all', 'a.jpg,b.jpg'],
    ['empty text', ''],
    ['a JSON object', '{"a":1}'],
    ['a JSON string', '"[1,2]"'],
    ['a JSON number', '42'],
    ['JSON null', 'null'],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an object', { length: 1, 0: 'x' }],
    ['a boolean', true],
  ])('gives [] for %s', (_label, value) => {
    expect(parseJsonList(value)).toEqual([]);
  });
});
