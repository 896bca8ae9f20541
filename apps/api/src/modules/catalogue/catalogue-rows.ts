import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { groupedItems, reviews, variations } from '@shop/db';
import { categories, products } from '@shop/db';

/* The catalogue's rows as read, and the rule every storefront read of products shares. */

/**
 * The product columns the storefront reads: every one but the search vector (a generated column
 * only PostgreSQL's own search and the search index's build read), which each product page and
 * listing would otherwise carry over the wire and parse.
 */
export const PRODUCT_COLUMNS: Omit<typeof products._.columns, 'searchVector'> = Object.fromEntries(
  Object.entries(getTableColumns(products)).filter(([key]) => key !== 'searchVector'),
) as Omit<typeof products._.columns, 'searchVector'>;

export type ProductRow = Omit<typeof products.$inferSelect, 'searchVector'>;
export type VariationRow = typeof variations.$inferSelect;
export type GroupedItemRow = typeof groupedItems.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

export const ACTIVE = 'Active';

/** Products of a category the shop switched off are hidden with it. */
export function categoryIsActive(): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${categories} WHERE ${categories.storeId} = ${products.storeId} AND lower(${categories.category}) = lower(btrim(${products.category})) AND ${categories.status} <> ${ACTIVE})`;
}
