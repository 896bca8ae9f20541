import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache.ts';

function setup(checkEveryMs = 1000, maxEntries = 100) {
  const state = { version: 1, now: 0, reads: 0, computes: 0 };
  const cache = new VersionedCache<string>({
    readVersion: () => {
      state.reads += 1;
      return Promise.resolve(state.version);
    },
    checkEveryMs,
    maxEntries,
    now: () => state.now,
  });
  const compute = (value: string) => () => {
    state.computes += 1;
    return Promise.resolve(value);
  };
  return { state, cache, compute };
}

describe('VersionedCache', () => {
  it('computes once and then serves the cached value', async () => {
    const { state, cache, compute } = setup();
    expect(await cache.get('k', compute('a'))).toBe('a');
    expect(await cache.get('k', compute('b'))).toBe('a');
    expect(state.computes).toBe(1);
  });

  it('shares one computation between concurrent misses', async () => {
    const { state, cache, compute } = setup();
    const [x, y] = await Promise.all([cache.get('k', compute('a')), cache.get('k', compute('b'))]);
    expect([x, y]).toEqual(['a', 'a']);
    expect(state.computes).toBe(1);
  });

  it('drops entries when the version changes, once the check interval has passed', async () => {
    const { state, cache, compute } = setup(1000);
    await cache.get('k', compute('old'));
    state.version = 2;
    state.now = 999;
    expect(await cache.get('k', compute('new'))).toBe('old');
    state.now = 1000;
    expect(await cache.get('k', compute('new'))).toBe('new');
  });

  it('reads the version at most once per interval', async () => {
    const { state, cache, compute } = setup(1000);
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, compute('v'));
    expect(state.reads).toBe(1);
  });

  it('invalidate() drops everything at once', async () => {
    const { cache, compute } = setup();
    await cache.get('k', compute('old'));
    cache.invalidate();
    expect(await cache.get('k', compute('new'))).toBe('new');
  });

  it('does not keep a failed computation', async () => {
    const { cache, compute } = setup();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.get('k', compute('ok'))).toBe('ok');
  });

  it('evicts the least recently used entry beyond maxEntries', async () => {
    const { cache, compute } = setup(1000, 2);
    await cache.get('a', compute('a'));
    await cache.get('b', compute('b'));
    await cache.get('a', compute('a2')); // a is now most recent
    await cache.get('c', compute('c')); // evicts b
    expect(cache.size).toBe(2);
    expect(await cache.get('a', compute('a3'))).toBe('a');
    expect(await cache.get('b', compute('b2'))).toBe('b2');
  });
});

describe('VersionedCache with a lax version (stock)', () => {
  function laxSetup(laxStaleMs: number) {
    const state = { exact: 1, lax: 1, now: 0 };
    const cache = new VersionedCache<string>({
      readVersion: () => Promise.resolve({ exact: state.exact, lax: state.lax }),
      laxStaleMs,
      checkEveryMs: 0,
      maxEntries: 10,
      now: () => state.now,
    });
    const value = (v: string) => () => Promise.resolve(v);
    return { state, cache, value };
  }

  it('drops entries for a lax change at most every laxStaleMs, for an exact change at once', async () => {
    const { state, cache, value } = laxSetup(5000);
    expect(await cache.get('k', value('a'))).toBe('a');
    // The first drop after start may happen at once; then one per 5 s.
    state.lax = 2;
    state.now = 6000;
    expect(await cache.get('k', value('b'))).toBe('b');
    state.lax = 3;
    state.now = 7000;
    expect(await cache.get('k', value('c'))).toBe('b');
    state.now = 10_999;
    expect(await cache.get('k', value('c'))).toBe('b');
    state.now = 11_000;
    expect(await cache.get('k', value('c'))).toBe('c');
    // An exact change drops them at once, whatever the lax one did.
    state.lax = 4;
    state.exact = 2;
    state.now = 11_001;
    expect(await cache.get('k', value('d'))).toBe('d');
    // ...and counts as the drop the lax version waits for.
    state.lax = 5;
    state.now = 12_000;
    expect(await cache.get('k', value('e'))).toBe('d');
  });

  it('with laxStaleMs 0 treats a lax change as an exact one', async () => {
    const { state, cache, value } = laxSetup(0);
    await cache.get('k', value('a'));
    state.lax = 2;
    state.now = 1;
    expect(await cache.get('k', value('b'))).toBe('b');
  });
});

describe('VersionedCache bounded in bytes', () => {
  it('drops the oldest values once their bytes pass maxBytes, and keeps count right', async () => {
    const cache = new VersionedCache<string>({
      readVersion: () => Promise.resolve(1),
      checkEveryMs: 1000,
      maxEntries: 100,
      maxBytes: 10,
      sizeOf: (v) => v.length,
      now: () => 0,
    });
    await cache.get('a', () => Promise.resolve('aaaa'));
    await cache.get('b', () => Promise.resolve('bbbb'));
    expect(cache.bytes).toBe(8);
    await cache.get('c', () => Promise.resolve('cccc'));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(8);
    // 'a' went first: it is computed again.
    expect(await cache.get('a', () => Promise.resolve('AAAA'))).toBe('AAAA');
    // A value bigger than the whole budget is served but not kept.
    expect(await cache.get('huge', () => Promise.resolve('x'.repeat(11)))).toHaveLength(11);
    expect(cache.bytes).toBeLessThanOrEqual(10);
    cache.invalidate();
    expect(cache.bytes).toBe(0);
  });
});
