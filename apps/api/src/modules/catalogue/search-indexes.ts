import { LRUCache } from 'lru-cache';
import { SearchIndex, type SearchEntry } from './search-index.ts';

/** The `performance.measure` name of each index build, for whoever observes user timing. */
export const SEARCH_INDEX_BUILD = 'search index build';

export interface SearchIndexesOptions {
  /** The search version: a changed one means the index must be rebuilt before it answers. */
  readVersion: () => Promise<number>;
  /** What a store's index holds, read fresh. */
  readEntries: (storeId: string) => Promise<SearchEntry[]>;
  /**
   * An index this old is rebuilt even if the version stayed, in the background while it still
   * answers: what the version leaves out (the units sold, which order "popular") is at most
   * this stale.
   */
  maxAgeMs: number;
  maxStores: number;
  /**
   * How long a version given to `noteVersion` stands in for reading it (the catalogue caches'
   * checks read it with their own versions; 0: read on every use).
   */
  notedFreshMs?: number;
  now?: () => number;
}

interface Built {
  index: SearchIndex;
  version: number;
  builtAt: number;
}

/**
 * Each store's search index (decision 0029). Every use knows the search version as new as the
 * catalogue version its caller's cache checked (noted by that check, or read: searches reach here
 * only when the answer cache misses), so a search computed after a catalogue edit was seen always
 * sees it: an answer the catalogue cache keeps is never older than the index behind it. A moved version waits for the rebuild; an index past its maximum
 * age answers while its successor is built. Builds of one store never run twice at once.
 */
export class SearchIndexes {
  /** The stores' indexes; past `maxStores`, the least recently used goes first. */
  private readonly built: LRUCache<string, Built>;
  private readonly building = new Map<string, { version: number; done: Promise<Built> }>();
  private readonly now: () => number;
  /** The newest version a catalogue cache's check read, and when. */
  private noted: { version: number; at: number } | undefined;

  constructor(private readonly options: SearchIndexesOptions) {
    this.now = options.now ?? Date.now;
    this.built = new LRUCache({ max: options.maxStores });
  }

  /**
   * The search version as a catalogue cache's check just read it, in the same statement as the
   * catalogue version (every search version move is a catalogue version move too): a cached
   * answer computed after that check then uses an index at least that new, without a read.
   */
  noteVersion(version: number): void {
    if (!this.noted || version >= this.noted.version) {
      this.noted = { version, at: this.now() };
    }
  }

  private async version(): Promise<number> {
    const noted = this.noted;
    if (noted && this.now() - noted.at < (this.options.notedFreshMs ?? 0)) return noted.version;
    const version = await this.options.readVersion();
    this.noteVersion(version);
    return version;
  }

  async get(storeId: string): Promise<SearchIndex> {
    const version = await this.version();
    const current = this.built.get(storeId);
    if (current && current.version === version) {
      if (this.now() - current.builtAt >= this.options.maxAgeMs) {
        // Refreshed in the background; a failure leaves this one answering until the next try.
        this.build(storeId, version).catch(() => undefined);
      }
      return current.index;
    }
    return (await this.build(storeId, version)).index;
  }

  private build(storeId: string, version: number): Promise<Built> {
    const running = this.building.get(storeId);
    if (running && running.version >= version) return running.done;
    // A build of an older version is let finish first, then this one starts.
    if (running) {
      return running.done.catch(() => undefined).then(() => this.build(storeId, version));
    }
    const done = (async () => {
      try {
        // The version is the one read before the entries, so a write during the read is
        // caught by the next use.
        const started = performance.now();
        const index = await SearchIndex.build(await this.options.readEntries(storeId));
        // A user-timing entry (what a profiler or the load bench observes; not kept).
        performance.measure(SEARCH_INDEX_BUILD, { start: started });
        performance.clearMeasures(SEARCH_INDEX_BUILD);
        const built = { index, version, builtAt: this.now() };
        // An empty index (an unknown store id, or a store with nothing to sell) costs nothing to
        // build again and is not kept: requests for made-up stores cannot evict real ones.
        if (index.size > 0) this.built.set(storeId, built);
        else this.built.delete(storeId);
        return built;
      } finally {
        this.building.delete(storeId);
      }
    })();
    this.building.set(storeId, { version, done });
    return done;
  }
}
