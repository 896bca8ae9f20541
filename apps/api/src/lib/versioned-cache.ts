export interface VersionedCacheOptions {
  /** Reads the current data version; a changed version drops every entry. */
  readVersion: () => Promise<number>;
  /** How often the version is read at most; bounds staleness after a write from elsewhere. */
  checkEveryMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * A bounded LRU cache of computed values, valid while a version number stays the same.
 * Concurrent misses of one key share one computation; failed computations are not kept.
 */
export class VersionedCache<V> {
  private readonly entries = new Map<string, Promise<V>>();
  private version: number | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: VersionedCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  async get(key: string, compute: () => Promise<V>): Promise<V> {
    await this.checkVersion();
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = compute();
    this.entries.set(key, pending);
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }

  /** Drops everything now (a write in this process) and re-reads the version next time. */
  invalidate(): void {
    this.entries.clear();
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  get size(): number {
    return this.entries.size;
  }

  private async checkVersion(): Promise<void> {
    if (this.now() - this.checkedAt < this.options.checkEveryMs) return;
    this.checking ??= (async () => {
      try {
        const version = await this.options.readVersion();
        if (version !== this.version) {
          this.entries.clear();
          this.version = version;
        }
        this.checkedAt = this.now();
      } finally {
        this.checking = undefined;
      }
    })();
    await this.checking;
  }
}
