import { describe, expect, it } from 'vitest';
import type { SearchEntry } from './search-index.ts';
import { SearchIndexes } from './search-indexes.ts';

const entry = (id: string, title: string): SearchEntry => ({
  id,
  title,
  categoryKey: 't-shirts',
  categorytype: [],
  vector: `'${title.toLowerCase()}':1`,
  position: 1,
  createdAtMicros: 0,
  totalSold: 0,
  sortPricePaise: 100,
});

/** A catalogue whose version and titles the test moves, counting reads; reads can be held. */
function fakeCatalogue() {
  const state = {
    version: 1,
    titles: ['Henley'],
    reads: 0,
    failNext: false,
    hold: undefined as Promise<void> | undefined,
  };
  return {
    state,
    readVersion: () => Promise.resolve(state.version),
    readEntries: async () => {
      state.reads++;
      const titles = [...state.titles];
      if (state.hold) await state.hold;
      if (state.failNext) {
        state.failNext = false;
        throw new Error('database gone');
      }
      return titles.map((t, i) => entry(`id-${i}`, t));
    },
  };
}

const titlesOf = async (indexes: SearchIndexes) =>
  (await indexes.get('urbanroll')).suggestionTitles('', 10);

describe('SearchIndexes', () => {
  it('builds once, and again only when the version moves', async () => {
    const c = fakeCatalogue();
    const indexes = new SearchIndexes({ ...c, checkEveryMs: 0, maxAgeMs: 60_000, maxStores: 5 });
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(c.state.reads).toBe(1);
    c.state.titles = ['Henley', 'Polo'];
    c.state.version = 2;
    // Without a check interval a search waits for the rebuild: it reads its own writes.
    expect(await titlesOf(indexes)).toEqual(['Henley', 'Polo']);
    expect(c.state.reads).toBe(2);
    expect(indexes.rebuilds).toBe(2);
  });

  it('shares one build between concurrent searches', async () => {
    const c = fakeCatalogue();
    const indexes = new SearchIndexes({ ...c, checkEveryMs: 0, maxAgeMs: 60_000, maxStores: 5 });
    await Promise.all([titlesOf(indexes), titlesOf(indexes), titlesOf(indexes)]);
    expect(c.state.reads).toBe(1);
  });

  it('with a check interval, answers from the old index while the new one is built', async () => {
    const c = fakeCatalogue();
    let now = 0;
    const indexes = new SearchIndexes({
      ...c,
      checkEveryMs: 1000,
      maxAgeMs: 60_000,
      maxStores: 5,
      now: () => now,
    });
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    c.state.titles = ['Henley', 'Polo'];
    c.state.version = 2;
    // Within the interval the version is not read again.
    now = 500;
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(c.state.reads).toBe(1);
    let release!: () => void;
    c.state.hold = new Promise((r) => (release = r));
    now = 1500;
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(c.state.reads).toBe(2);
    release();
    c.state.hold = undefined;
    await new Promise((r) => setTimeout(r, 0));
    expect(await titlesOf(indexes)).toEqual(['Henley', 'Polo']);
    expect(c.state.reads).toBe(2);
  });

  it('keeps the old index when a rebuild fails, and tries again', async () => {
    const c = fakeCatalogue();
    let now = 0;
    const indexes = new SearchIndexes({
      ...c,
      checkEveryMs: 1000,
      maxAgeMs: 60_000,
      maxStores: 5,
      now: () => now,
    });
    await titlesOf(indexes);
    c.state.titles = ['Polo'];
    c.state.version = 2;
    c.state.failNext = true;
    now = 2000;
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    await new Promise((r) => setTimeout(r, 0));
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    await new Promise((r) => setTimeout(r, 0));
    expect(await titlesOf(indexes)).toEqual(['Polo']);
  });

  it('fails the first search of a store when its index cannot be built', async () => {
    const c = fakeCatalogue();
    c.state.failNext = true;
    const indexes = new SearchIndexes({ ...c, checkEveryMs: 1000, maxAgeMs: 60_000, maxStores: 5 });
    await expect(titlesOf(indexes)).rejects.toThrow('database gone');
    expect(await titlesOf(indexes)).toEqual(['Henley']);
  });

  it('rebuilds an index older than its maximum age though the version stayed', async () => {
    const c = fakeCatalogue();
    let now = 0;
    const indexes = new SearchIndexes({
      ...c,
      checkEveryMs: 0,
      maxAgeMs: 60_000,
      maxStores: 5,
      now: () => now,
    });
    await titlesOf(indexes);
    c.state.titles = ['Polo'];
    now = 59_000;
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    now = 61_000;
    expect(await titlesOf(indexes)).toEqual(['Polo']);
    expect(c.state.reads).toBe(2);
  });
});
