import { Gauge, type Registry } from 'prom-client';
import type { Services } from './app.ts';

/**
 * The shop's own figures for /api/metrics, read when scraped. Order and payment counts come
 * from the database, so every process reports the same shop-wide figures (they survive restarts
 * and need no summing); catalogue cache figures are this process's (each has its own cache).
 */
export function registerShopMetrics(
  registry: Registry,
  s: Pick<Services, 'catalogueCache' | 'orders'>,
) {
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

  // One read of the database per scrape, shared by the gauges below.
  let pending: ReturnType<Services['orders']['figures']> | null = null;
  const figures = () => {
    pending ??= s.orders.figures().finally(() => {
      pending = null;
    });
    return pending;
  };
  new Gauge({
    name: 'shop_orders',
    help: 'Orders placed, by payment status (Success = paid) and order status',
    labelNames: ['payment_status', 'order_status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const f of (await figures()).byStatus) {
        this.set({ payment_status: f.paymentStatus, order_status: f.orderStatus }, f.count);
      }
    },
  });
  new Gauge({
    name: 'shop_stock_holds_released',
    help: 'Orders whose unpaid stock hold the sweeper released (or a cancel gave back)',
    registers: [registry],
    async collect() {
      this.set((await figures()).byStatus.reduce((n, f) => n + f.holdsReleased, 0));
    },
  });
  new Gauge({
    name: 'shop_payment_events_unprocessed',
    help: 'Payment events (webhooks, verified answers) received but not processed: failed webhooks',
    registers: [registry],
    async collect() {
      this.set((await figures()).paymentEventsUnprocessed);
    },
  });
}
