import type { ProductBulk } from '@shop/contracts';
import type { ProductStatus } from '@shop/domain';
import { typedNumber } from '../lib/typed-number.ts';

/** The bulk edit's boxes: blank leaves that field as it is. */
export interface BulkDraft {
  originalPrice: string;
  discountPrice: string;
  stock: string;
  status: ProductStatus | '';
}
export const NO_BULK: BulkDraft = { originalPrice: '', discountPrice: '', stock: '', status: '' };

/** The bulk request for the selection, or a problem to show. */
export function bulkBody(ids: string[], d: BulkDraft): ProductBulk | string {
  const body: ProductBulk = { ids };
  const numberOf = (s: string, label: string) => {
    const n = typedNumber(s, NaN);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${label}: enter a number of 0 or more.`);
    return n;
  };
  try {
    if (d.originalPrice.trim()) body.originalPrice = numberOf(d.originalPrice, 'MRP');
    if (d.discountPrice.trim()) body.discountPrice = numberOf(d.discountPrice, 'Sale price');
    if (d.stock.trim()) body.stock = numberOf(d.stock, 'Stock');
  } catch (e) {
    return (e as Error).message;
  }
  if (d.status) body.status = d.status;
  if (Object.keys(body).length === 1) return 'Enter a price, sale price, stock or status to set.';
  return body;
}
