import type { Product } from '@shop/contracts';
import type { CompressedBody } from '../../lib/compressed-body.ts';

/**
 * A storefront answer as the catalogue cache keeps it: its body, and what it shows of stock, so
 * an order's stock write drops only the answers showing the products it moved (decision 0031).
 */
export interface CachedAnswer {
  body: CompressedBody;
  /**
   * Each product shown, by id, with its stock as shown (`stockView`); `'all'` when the answer
   * depends on the stock of products it does not show (sorted by units sold, filtered by stock).
   */
  stock: ReadonlyMap<string, string> | 'all';
}

/** What a storefront answer shows of one product's stock, as one comparable text. */
export interface StockFacts {
  stock: number;
  totalStock: number;
  totalSold: number;
  /** Each variation's sku and stock, in any order. */
  variations: readonly (readonly [sku: string, stock: number])[];
}

export function stockView(p: StockFacts): string {
  const variations = p.variations.map(([sku, stock]) => `${sku}=${stock}`).sort();
  return `${p.stock}|${p.totalStock}|${p.totalSold}|${variations.join(',')}`;
}

const STOCK_FIELDS = ['stock', 'totalStock', 'totalSold', 'variation'] as const;

/**
 * The products an answer shows with their stock (the storefront's product shape, wherever it is
 * in the answer), or `'all'` when it holds something else that shows stock (a shape this does
 * not know: then every stock change must drop it, as before).
 */
export function stockViewsOf(answer: unknown): ReadonlyMap<string, string> | 'all' {
  const views = new Map<string, string>();
  let unknownShape = false;
  const visit = (value: unknown): void => {
    if (unknownShape || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const o = value as Record<string, unknown>;
    if (typeof o.product_id === 'string') {
      const present = STOCK_FIELDS.filter((f) => o[f] !== undefined);
      if (present.length === STOCK_FIELDS.length) {
        const p = o as unknown as Product;
        views.set(
          p.product_id,
          stockView({
            stock: p.stock,
            totalStock: p.totalStock,
            totalSold: p.totalSold,
            variations: p.variation.map((v) => [v.sku, v.stock] as const),
          }),
        );
        return;
      }
      if (present.length > 0) {
        unknownShape = true;
        return;
      }
    }
    for (const child of Object.values(o)) visit(child);
  };
  visit(answer);
  return unknownShape ? 'all' : views;
}
