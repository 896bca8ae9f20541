import { sql, type SQL } from 'drizzle-orm';
import type { groupedItems, reviews, variations } from '@shop/db';
import { categories, products } from '@shop/db';

/* The catalogue's rows as read, and the rule every storefront read of products shares. */

export type ProductRow = typeof products.$inferSelect;
export type VariationRow = typeof variations.$inferSelect;
export type GroupedItemRow = typeof groupedItems.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

export const ACTIVE = 'Active';

/** Products of a category the shop switched off are hidden with it. */
export function categoryIsActive(): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${categories} WHERE ${categories.storeId} = ${products.storeId} AND lower(${categories.category}) = lower(btrim(${products.category})) AND ${categories.status} <> ${ACTIVE})`;
}
