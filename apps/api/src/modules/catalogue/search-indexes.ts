import { SearchIndex, type SearchEntry } from './search-index.ts';

export interface SearchIndexesOptions {
  /** The search version: a changed one means the index must be rebuilt. */
  readVersion: () => Promise<number>;
  /**
   * An index this old is rebuilt even if the version stayed: what the version leaves out (the
   * units sold, which order "popular") is at most this stale.
   */
  maxAgeMs: number;
  /** What a store's index holds, read fresh. */
  readEntries: (storeId: string) => Promise<SearchEntry[]>;
  /**
   * How often the version is read at most. With 0 every search reads it and waits for a rebuild
   * (read-your-writes, as the tests want); otherwise the old index answers while the new one is
   * built, so no shopper waits for a rebuild (a few hundred ms at 10,000 products).
   */
  checkEveryMs: number;
  maxStores: number;
  now?: () => number;
}

interface Built {
  index: SearchIndex;
  version: number;
  builtAt: number;
}

/**
 * Each store's search index (decision 0029), rebuilt when the search version moves. Builds
 * of one store are never run twice at once; a failed rebuild leaves the old index answering and
 * is tried again at the next check.
 */
export class SearchIndexes {
  private readonly built = new Map<string, Built>();
  private readonly building = new Map<string, { version: number; done: Promise<Built> }>();
  private version: number | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<number> | undefined;
  private readonly now: () => number;
  private rebuildCount = 0;

  constructor(private readonly options: SearchIndexesOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Indexes built since the process started (the first ones included). */
  get rebuilds(): number {
    return this.rebuildCount;
  }

  async get(storeId: string): Promise<SearchIndex> {
    const version = await this.currentVersion();
    const current = this.built.get(storeId);
    if (current?.version === version && this.now() - current.builtAt < this.options.maxAgeMs) {
      return current.index;
    }
    const next = this.build(storeId, version);
    if (current && this.options.checkEveryMs > 0) {
      next.catch(() => undefined);
      return current.index;
    }
    return (await next).index;
  }

  private build(storeId: string, version: number): Promise<Built> {
    const running = this.building.get(storeId);
    if (running?.version === version) return running.done;
    // A build of an older version is let finish first, then this one starts.
    if (running) return running.done.then(() => this.build(storeId, version));
    const done = (async () => {
      try {
        // The version is the one read before the entries, so a write during the read is
        // caught by the next check.
        const index = new SearchIndex(await this.options.readEntries(storeId));
        this.rebuildCount++;
        const built = { index, version, builtAt: this.now() };
        this.built.delete(storeId);
        this.built.set(storeId, built);
        if (this.built.size > this.options.maxStores) {
          this.built.delete(this.built.keys().next().value!);
        }
        return built;
      } finally {
        this.building.delete(storeId);
      }
    })();
    this.building.set(storeId, { version, done });
    return done;
  }

  private async currentVersion(): Promise<number> {
    if (this.version !== undefined && this.now() - this.checkedAt < this.options.checkEveryMs) {
      return this.version;
    }
    this.checking ??= (async () => {
      try {
        const version = await this.options.readVersion();
        this.version = version;
        this.checkedAt = this.now();
        return version;
      } finally {
        this.checking = undefined;
      }
    })();
    return this.checking;
  }
}
