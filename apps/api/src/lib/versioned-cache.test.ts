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

describe('VersionedCache with views of the lax data', () => {
  /**
   * Values are pages showing some products as they looked, or a string (a list sorted by every
   * product's sales: it depends on all of them); `stock` is how each product looks now.
   */
  function viewsSetup(laxStaleMs = 5000) {
    const state = { exact: 1, lax: 1, now: 0, viewReads: [] as string[][] };
    const stock = new Map([
      ['p1', '5'],
      ['p2', '7'],
      ['p3', '1'],
    ]);
    const cache = new VersionedCache<{ shows: string[]; as: Map<string, string> } | string>({
      readVersion: () => Promise.resolve({ exact: state.exact, lax: state.lax }),
      laxStaleMs,
      checkEveryMs: 1000,
      maxEntries: 100,
      now: () => state.now,
      laxViewsOf: (v) => (typeof v === 'string' ? 'all' : v.as),
      readLaxViews: (keys) => {
        state.viewReads.push([...keys].sort());
        return Promise.resolve(
          new Map(keys.flatMap((k) => (stock.has(k) ? [[k, stock.get(k)!]] : []))),
        );
      },
    });
    /** A page showing these products as they look now. */
    const page =
      (...ids: string[]) =>
      () =>
        Promise.resolve({ shows: ids, as: new Map(ids.map((id) => [id, stock.get(id)!])) });
    const popular = (tag: string) => () => Promise.resolve(tag);
    return { state, stock, cache, page, popular };
  }

  it('drops only the values showing a product whose stock moved, at the next check', async () => {
    const { state, stock, cache, page } = viewsSetup();
    const a = await cache.get('a', page('p1', 'p2'));
    const b = await cache.get('b', page('p3'));
    // An order takes a unit of p1.
    stock.set('p1', '4');
    state.lax = 2;
    state.now = 1000;
    const a2 = await cache.get('a', page('p1', 'p2'));
    expect(a2).not.toBe(a);
    expect(typeof a2 !== 'string' && a2.as.get('p1')).toBe('4');
    expect(await cache.get('b', page('p3'))).toBe(b);
    // One read of what the cached values show, then nothing until the lax version moves again.
    expect(state.viewReads).toEqual([['p1', 'p2', 'p3']]);
    state.now = 2000;
    expect(await cache.get('b', page('p3'))).toBe(b);
    expect(state.viewReads).toHaveLength(1);
  });

  it('counts a product gone from the data as changed', async () => {
    const { state, stock, cache, page } = viewsSetup();
    const a = await cache.get('a', page('p2'));
    stock.delete('p2');
    state.lax = 2;
    state.now = 1000;
    expect(await cache.get('a', page('p1'))).not.toBe(a);
  });

  it('drops values depending on all of it at most every laxStaleMs, and everything on an exact change', async () => {
    const { state, stock, cache, page, popular } = viewsSetup(5000);
    expect(await cache.get('top', popular('t1'))).toBe('t1');
    const b = await cache.get('b', page('p3'));
    // The first lax change may drop them at once; then one drop per 5 s.
    stock.set('p1', '4');
    state.lax = 2;
    state.now = 6000;
    expect(await cache.get('top', popular('t2'))).toBe('t2');
    state.lax = 3;
    state.now = 7000;
    expect(await cache.get('top', popular('t3'))).toBe('t2');
    state.now = 11_000;
    expect(await cache.get('top', popular('t3'))).toBe('t3');
    expect(await cache.get('b', page('p3'))).toBe(b);
    state.exact = 2;
    state.now = 12_000;
    expect(await cache.get('b', page('p3'))).not.toBe(b);
  });
});

describe('VersionedCache with the lax changes since a mark', () => {
  /** `written` is what the data says changed since each mark: mark n sees writes n and later. */
  function changesSetup() {
    const state = {
      lax: 1,
      now: 0,
      viewReads: [] as string[][],
      marks: [] as (string | undefined)[],
    };
    const stock = new Map([
      ['p1', '5'],
      ['p2', '7'],
      ['p3', '1'],
    ]);
    const written: string[] = [];
    const cache = new VersionedCache<Map<string, string>>({
      readVersion: () => Promise.resolve({ exact: 1, lax: state.lax }),
      laxStaleMs: 5000,
      checkEveryMs: 1000,
      maxEntries: 100,
      now: () => state.now,
      laxViewsOf: (v) => v,
      readLaxViews: (keys) => {
        state.viewReads.push([...keys].sort());
        return Promise.resolve(new Map(keys.map((k) => [k, stock.get(k)!])));
      },
      readLaxChanges: (since) => {
        state.marks.push(since);
        const mark = String(written.length);
        return Promise.resolve({
          mark,
          changed: since === undefined ? undefined : written.slice(Number(since)),
        });
      },
    });
    const page =
      (...ids: string[]) =>
      () =>
        Promise.resolve(new Map(ids.map((id) => [id, stock.get(id)!])));
    /** An order moving one product, seen at the next check. */
    const sell = (id: string, to: string) => {
      stock.set(id, to);
      written.push(id);
      state.lax += 1;
      state.now += 1000;
    };
    return { state, cache, page, sell };
  }

  it('compares everything once, then reads only the things written since the last mark', async () => {
    const { state, cache, page, sell } = changesSetup();
    const a = await cache.get('a', page('p1', 'p2'));
    const b = await cache.get('b', page('p3'));
    sell('p1', '4');
    expect(await cache.get('a', page('p1', 'p2'))).not.toBe(a);
    expect(await cache.get('b', page('p3'))).toBe(b);
    // The first change has no mark yet: every shown thing is read, and a mark is kept.
    expect(state.viewReads).toEqual([['p1', 'p2', 'p3']]);
    sell('p3', '0');
    const b2 = await cache.get('b', page('p3'));
    expect(b2).not.toBe(b);
    expect(b2.get('p3')).toBe('0');
    // Then only p3, written since the mark; p1 and p2's page stays.
    expect(state.viewReads[1]).toEqual(['p3']);
    expect(state.marks).toEqual([undefined, '1']);
    const a2 = await cache.get('a', page('p1', 'p2'));
    expect(await cache.get('a', page('p1', 'p2'))).toBe(a2);
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
