import { PerformanceObserver } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { SearchEntry } from './search-index.ts';
import { SEARCH_INDEX_BUILD, SearchIndexes } from './search-indexes.ts';

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

const options = { maxAgeMs: 60_000, maxStores: 5 };

describe('SearchIndexes', () => {
  it('marks each build as a user-timing measure, and keeps none of them buffered', async () => {
    const seen: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const e of list.getEntriesByName(SEARCH_INDEX_BUILD)) seen.push(e.duration);
    });
    observer.observe({ entryTypes: ['measure'] });
    try {
      const c = fakeCatalogue();
      const indexes = new SearchIndexes({ ...c, ...options });
      await indexes.get('urbanroll');
      c.state.version = 2;
      await indexes.get('urbanroll');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(seen).toHaveLength(2);
      expect(performance.getEntriesByName(SEARCH_INDEX_BUILD)).toHaveLength(0);
    } finally {
      observer.disconnect();
    }
  });

  it('builds once, and again before answering when the version moves', async () => {
    const c = fakeCatalogue();
    const indexes = new SearchIndexes({ ...c, ...options });
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(c.state.reads).toBe(1);
    c.state.titles = ['Henley', 'Polo'];
    c.state.version = 2;
    // The first search after the edit reads it: an answer cached from it is never stale.
    expect(await titlesOf(indexes)).toEqual(['Henley', 'Polo']);
    expect(c.state.reads).toBe(2);
  });

  it('shares one build between concurrent searches', async () => {
    const c = fakeCatalogue();
    const indexes = new SearchIndexes({ ...c, ...options });
    await Promise.all([titlesOf(indexes), titlesOf(indexes), titlesOf(indexes)]);
    expect(c.state.reads).toBe(1);
  });

  it('past its maximum age, answers from the old index while the new one is built', async () => {
    const c = fakeCatalogue();
    let now = 0;
    const indexes = new SearchIndexes({ ...c, ...options, now: () => now });
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    // Units sold changed (no new version): the old index answers until it is a minute old.
    c.state.titles = ['Polo'];
    now = 59_000;
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(c.state.reads).toBe(1);
    let release!: () => void;
    c.state.hold = new Promise((r) => (release = r));
    now = 61_000;
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(c.state.reads).toBe(2);
    release();
    c.state.hold = undefined;
    await new Promise((r) => setTimeout(r, 0));
    expect(await titlesOf(indexes)).toEqual(['Polo']);
    expect(c.state.reads).toBe(2);
  });

  it('keeps the old index when a refresh fails, and tries again', async () => {
    const c = fakeCatalogue();
    let now = 0;
    const indexes = new SearchIndexes({ ...c, ...options, now: () => now });
    await titlesOf(indexes);
    c.state.titles = ['Polo'];
    c.state.failNext = true;
    now = 61_000;
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    await new Promise((r) => setTimeout(r, 0));
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    await new Promise((r) => setTimeout(r, 0));
    expect(await titlesOf(indexes)).toEqual(['Polo']);
  });

  it('fails a search whose index cannot be built, and builds it at the next', async () => {
    const c = fakeCatalogue();
    c.state.failNext = true;
    const indexes = new SearchIndexes({ ...c, ...options });
    await expect(titlesOf(indexes)).rejects.toThrow('database gone');
    expect(await titlesOf(indexes)).toEqual(['Henley']);
  });

  it('keeps no index of a store with nothing in it, so made-up store ids evict nothing', async () => {
    const c = fakeCatalogue();
    const indexes = new SearchIndexes({ ...c, maxAgeMs: 60_000, maxStores: 2 });
    await titlesOf(indexes);
    c.state.titles = [];
    for (const store of ['no-such-1', 'no-such-2', 'no-such-3']) {
      expect((await indexes.get(store)).size).toBe(0);
    }
    c.state.titles = ['Henley'];
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(c.state.reads).toBe(4);
  });

  it('uses the version a catalogue check noted while it is fresh, without reading it', async () => {
    const c = fakeCatalogue();
    let versionReads = 0;
    let now = 0;
    const indexes = new SearchIndexes({
      ...c,
      ...options,
      readVersion: () => {
        versionReads++;
        return c.readVersion();
      },
      notedFreshMs: 1000,
      now: () => now,
    });
    indexes.noteVersion(1);
    expect(await titlesOf(indexes)).toEqual(['Henley']);
    expect(versionReads).toBe(0);
    // A catalogue edit, seen by the next check: the index is rebuilt before it answers.
    c.state.version = 2;
    c.state.titles = ['Polo'];
    now = 500;
    indexes.noteVersion(2);
    // An older note arriving late changes nothing.
    indexes.noteVersion(1);
    expect(await titlesOf(indexes)).toEqual(['Polo']);
    expect(versionReads).toBe(0);
    // Past the freshness, the version is read again.
    now = 1500;
    expect(await titlesOf(indexes)).toEqual(['Polo']);
    expect(versionReads).toBe(1);
  });
});
