import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { kept } from './kept.ts';

describe('kept', () => {
  it('makes a value once, and past the bound lets the least recently used go first', () => {
    const cache = new LRUCache<string, { n: number }>({ max: 2 });
    let made = 0;
    const make = () => ({ n: ++made });
    const a = kept(cache, 'a', make);
    expect(kept(cache, 'a', make)).toBe(a);
    kept(cache, 'b', make);
    kept(cache, 'a', make); // a used last: b is now the least recently used
    kept(cache, 'c', make);
    expect(made).toBe(3);
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
    expect(kept(cache, 'b', make)).toEqual({ n: 4 }); // made again
  });
});
