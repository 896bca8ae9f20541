export interface VersionedCacheOptions<V> {
  /**
   * Reads the current data version; a changed version drops every entry. With `lax`, a second
   * version whose change drops them at most every `laxStaleMs` (stock: it moves with every order).
   */
  readVersion: () => Promise<number | { exact: number; lax: number }>;
  /** How long a change of the lax version may stay unseen at most (besides `checkEveryMs`). */
  laxStaleMs?: number;
  /**
   * What a value shows of the lax data: each thing it shows (e.g. a product's id) and how it
   * looked (its stock), or `'all'` when the value depends on all of it (a list sorted by units
   * sold). With `readLaxViews`, a lax change then drops only the values whose things changed,
   * at the next check; `'all'` values go at most every `laxStaleMs`, as without it.
   */
  laxViewsOf?: (value: V) => ReadonlyMap<string, string> | 'all';
  /** How the given things look now (a thing missing from the answer counts as changed). */
  readLaxViews?: (keys: string[]) => Promise<ReadonlyMap<string, string>>;
  /**
   * With `readLaxViews`: which things may have changed since `since`, a mark it answered
   * before, and the mark to ask with next time (`changed` undefined: unknown, so every thing
   * the values show is read, as without it). A lax change then reads only those things' views.
   */
  readLaxChanges?: (
    since: string | undefined,
  ) => Promise<{ mark: string; changed: readonly string[] | undefined }>;
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
  /** What each computed value still in `entries` shows of the lax data (with `laxViewsOf`). */
  private readonly views = new Map<string, ReadonlyMap<string, string> | 'all'>();
  private totalBytes = 0;
  private version: number | undefined;
  private laxVersion: number | undefined;
  /** When the entries were last dropped for a version change (with views: the `'all'` ones). */
  private clearedAt = Number.NEGATIVE_INFINITY;
  /** The lax version the `'all'` values were last dropped at (with views). */
  private allLaxVersion: number | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** `readLaxChanges`' last mark (undefined until the first lax change after a clear). */
  private changesMark: string | undefined;
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
        if (this.entries.get(key) !== pending) return;
        this.count(key, value);
        if (this.options.laxViewsOf) this.views.set(key, this.options.laxViewsOf(value));
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
    this.views.delete(key);
    this.totalBytes -= this.sizes.get(key) ?? 0;
    this.sizes.delete(key);
  }

  /**
   * After a lax change: drops the values still being computed (they may have read the data
   * before it) and those showing a thing that no longer looks as they show it (of the things
   * `readLaxChanges` says may have changed, when given).
   */
  private async dropChanged(
    readLaxViews: (keys: string[]) => Promise<ReadonlyMap<string, string>>,
  ) {
    this.dropPending();
    const changes = await this.options.readLaxChanges?.(this.changesMark);
    if (changes) this.changesMark = changes.mark;
    // Only the things that may have changed, when known; otherwise every thing shown.
    const asked = new Set<string>(changes?.changed);
    if (!changes?.changed) {
      for (const views of this.views.values()) {
        if (views !== 'all') for (const thing of views.keys()) asked.add(thing);
      }
    }
    if (asked.size === 0) return;
    // (No value begins meanwhile: every get waits for this check.)
    const current = await readLaxViews([...asked]);
    for (const [key, views] of this.views) {
      if (views !== 'all' && showsChanged(views, asked, current)) this.drop(key);
    }
  }

  /** Drops the values still being computed (no views yet). */
  private dropPending() {
    for (const key of this.entries.keys()) if (!this.views.has(key)) this.drop(key);
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
    this.changesMark = undefined;
    this.entries.clear();
    this.sizes.clear();
    this.views.clear();
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
        const stale = now - this.clearedAt >= (this.options.laxStaleMs ?? 0);
        if (exact !== this.version) {
          this.clear();
          this.version = exact;
          this.laxVersion = this.allLaxVersion = lax;
          this.clearedAt = now;
        } else if (this.options.readLaxViews) {
          if (lax !== this.laxVersion) {
            await this.dropChanged(this.options.readLaxViews);
            this.laxVersion = lax;
          }
          if (lax !== this.allLaxVersion && stale) {
            for (const [key, views] of this.views) if (views === 'all') this.drop(key);
            this.allLaxVersion = lax;
            this.clearedAt = now;
          }
        } else if (lax !== this.laxVersion && stale) {
          this.clear();
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

/** Whether a value shows one of the `asked` things other than as it looks now (`current`). */
function showsChanged(
  views: ReadonlyMap<string, string>,
  asked: ReadonlySet<string>,
  current: ReadonlyMap<string, string>,
): boolean {
  // Through the smaller of the two: a few things asked after an order, or a page's few things.
  if (views.size <= asked.size) {
    for (const [thing, view] of views) {
      if (asked.has(thing) && current.get(thing) !== view) return true;
    }
  } else {
    for (const thing of asked) {
      const view = views.get(thing);
      if (view !== undefined && current.get(thing) !== view) return true;
    }
  }
  return false;
}
