import { stockLevel } from './product-rules.ts';

/**
 * How a variation's stock reads to a shopper, on the product page and in the variant sheet:
 * the count is shown only when low ("Only 3 left", the nudge Flipkart and Meesho show), by the
 * admin's own low-stock rule (`stockLevel`, 1 to LOW_STOCK_AT pieces).
 */
export function lowStockLeft(stock: number): number | null {
  return stockLevel(stock) === 'low' ? Math.floor(stock) : null;
}

/** "Out of stock", "Only 3 left" or "In stock". */
export function stockLevelText(stock: number): string {
  const left = lowStockLeft(stock);
  if (left !== null) return `Only ${left} left`;
  return stockLevel(stock) === 'out' ? 'Out of stock' : 'In stock';
}
