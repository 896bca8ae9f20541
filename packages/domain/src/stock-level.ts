/**
 * How a variation's (or a product's) stock reads to a shopper: sold out, low ("Only N left",
 * the nudge Flipkart and Meesho show) or in stock. Low is 1 to LOW_STOCK_THRESHOLD units; the
 * exact count is shown only then.
 */
export const LOW_STOCK_THRESHOLD = 5;

export type StockLevel = { kind: 'out' } | { kind: 'low'; left: number } | { kind: 'in' };

export function stockLevel(stock: number): StockLevel {
  if (!(stock > 0)) return { kind: 'out' };
  const left = Math.floor(stock);
  return left <= LOW_STOCK_THRESHOLD ? { kind: 'low', left } : { kind: 'in' };
}

/** "Out of stock", "Only 3 left" or "In stock". */
export function stockLevelText(stock: number): string {
  const level = stockLevel(stock);
  if (level.kind === 'out') return 'Out of stock';
  return level.kind === 'low' ? `Only ${level.left} left` : 'In stock';
}
