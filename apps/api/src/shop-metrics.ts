import { Gauge, type Registry } from 'prom-client';
import type { Services } from './services.ts';

/**
 * The shop's own figures for /api/metrics, read when scraped. Catalogue cache figures are this
 * process's (each process has its own cache).
 */
export function registerShopMetrics(registry: Registry, s: Pick<Services, 'catalogueCache'>) {
  const cache = s.catalogueCache;
  new Gauge({
    name: 'shop_catalogue_cache_hits_total',
    help: 'Catalogue answers served from this process cache since it started',
    registers: [registry],
    collect() {
      this.set(cache.stats.hits);
    },
  });
  new Gauge({
    name: 'shop_catalogue_cache_misses_total',
    help: 'Catalogue answers computed (not in this process cache) since it started',
    registers: [registry],
    collect() {
      this.set(cache.stats.misses);
    },
  });
  new Gauge({
    name: 'shop_catalogue_cache_bytes',
    help: 'Bytes of catalogue answers this process cache holds',
    registers: [registry],
    collect() {
      this.set(cache.bytes);
    },
  });
}
