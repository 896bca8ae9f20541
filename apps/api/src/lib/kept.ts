import type { LRUCache } from 'lru-cache';

/**
 * `cache`'s value for `key`, made and kept the first time it is asked for. The process's
 * in-memory caches are bounded LRUCaches: past their `max`, the least recently used goes first.
 */
export function kept<V extends object>(cache: LRUCache<string, V>, key: string, make: () => V): V {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const made = make();
  cache.set(key, made);
  return made;
}
