export interface VersionedCacheOptions<V> {
  /**
   * Reads the current data version; a changed version drops every entry. With `lax`, a second
   * version whose change drops them at most every `laxStaleMs` (stock: it moves with every order).
   */
  readVersion: () => Promise<number | { exact: number; lax: number }>;
  /** How long a change of the lax version may stay unseen at most (besides `checkEveryMs`). */
  laxStaleMs?: number;
  /** How often the version is read at most; bounds staleness after a write from elsewhere. */
  checkEveryMs: number;
  maxEntries: number;
  /** The most bytes the values may hold together (with `sizeOf`); oldest go first. */
  maxBytes?: number;
  /** The bytes a value holds. */
  sizeOf?: (value: V) => number;
  now?: () => number;
}

/**
 * A bounded LRU cache of computed values, valid while a version number stays the same.
 * Concurrent misses of one key share one computation; failed computations are not kept.
 * Bounded in entries and, with `maxBytes`, in the bytes of the computed values.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, Promise<V>>();
  /** Bytes of each computed value still in `entries`. */
  private readonly sizes = new Map<string, number>();
  private totalBytes = 0;
  private version: number | undefined;
  private laxVersion: number | undefined;
  /** When the entries were last dropped for a version change. */
  private clearedAt = Number.NEGATIVE_INFINITY;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  private readonly now: () => number;
  private hitCount = 0;
  private missCount = 0;

  constructor(private readonly options: VersionedCacheOptions<V>) {
    this.now = options.now ?? Date.now;
  }

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    await this.checkVersion();
    const hit = this.entries.get(key);
    if (hit) {
      this.hitCount++;
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    this.missCount++;
    const pending = compute();
    this.entries.set(key, pending);
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    pending.then(
      (value) => {
        if (this.entries.get(key) === pending) this.count(key, value);
      },
      () => {
        if (this.entries.get(key) === pending) this.drop(key);
      },
    );
    return pending;
  }

  /** Counts a computed value's bytes, then drops the oldest entries until they fit. */
  private count(key: string, value: V) {
    const { maxBytes, sizeOf } = this.options;
    if (maxBytes === undefined || sizeOf === undefined) return;
    const size = sizeOf(value);
    this.sizes.set(key, size);
    this.totalBytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.totalBytes <= maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string) {
    this.entries.delete(key);
    this.totalBytes -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }

  /** Answers served from the cache, and computed, since the process started. */
  get stats(): { hits: number; misses: number } {
    return { hits: this.hitCount, misses: this.missCount };
  }

  /** The bytes of the computed values held (0 without `sizeOf`). */
  get bytes(): number {
    return this.totalBytes;
  }

  /** Drops everything now (a write in this process) and re-reads the version next time. */
  invalidate(): void {
    this.clear();
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  private clear() {
    this.entries.clear();
    this.sizes.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private async checkVersion(): Promise<void> {
    if (this.now() - this.checkedAt < this.options.checkEveryMs) return;
    this.checking ??= (async () => {
      try {
        const read = await this.options.readVersion();
        const { exact, lax } = typeof read === 'number' ? { exact: read, lax: undefined } : read;
        const now = this.now();
        const laxMoved =
          lax !== this.laxVersion && now - this.clearedAt >= (this.options.laxStaleMs ?? 0);
        if (exact !== this.version || laxMoved) {
          this.clear();
          this.version = exact;
          this.laxVersion = lax;
          this.clearedAt = now;
        }
        this.checkedAt = now;
      } finally {
        this.checking = undefined;
      }
    })();
    await this.checking;
  }
}
