import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { groupedItems, products, reviews, sizeCharts, variations, type Database } from '@shop/db';
import { ReusableStatement } from '../../lib/reusable-statement.ts';
import {
  ACTIVE,
  categoryIsActive,
  PRODUCT_COLUMNS,
  type GroupedItemRow,
  type ProductRow,
  type ReviewRow,
  type VariationRow,
} from './catalogue-rows.ts';

/** A listing's product with the relations its card shows. */
export interface ListedProduct {
  product: ProductRow;
  variations: VariationRow[];
  groupedItems: GroupedItemRow[];
}

export interface ProductWithRelations {
  product: ProductRow;
  variations: VariationRow[];
  groupedItems: GroupedItemRow[];
  reviews: ReviewRow[];
  /** The owner's size chart text: the product's own, else its category's; null when none. */
  sizeChart: string | null;
}

/**
 * A product's rows of `table` as one JSON array, in the given order (a correlated subquery; the
 * outer column is written qualified: Drizzle leaves a one-table select's columns unqualified).
 */
const relationJson = (table: string, order: string) =>
  sql<unknown>`(SELECT coalesce(json_agg(r ORDER BY ${sql.raw(order)}), '[]'::json) FROM ${sql.raw(table)} r WHERE r.product_id = "products"."id")`;
const variationsJson = relationJson('variations', 'r.position');
const groupedItemsJson = relationJson('grouped_items', 'r.position');
const reviewsJson = relationJson('reviews', 'r.created_at DESC');
/** The product's own size chart, else its category's (keyed as `categoryIsActive` matches). */
const sizeChartText = sql<string | null>`coalesce(
  (SELECT s.chart FROM ${sizeCharts} s WHERE s.product_id = "products"."id"),
  (SELECT s.chart FROM ${sizeCharts} s WHERE s.store_id = "products"."store_id" AND s.category_key = lower(btrim("products"."category"))))`;

/**
 * Rows of `table` read back from a JSON array of its rows (column names as keys), each value
 * through the column's own decoder, as a Drizzle select would give them (timestamps as Dates).
 */
function fromJsonRows<T extends PgTable>(table: T, json: unknown): T['$inferSelect'][] {
  const columns = Object.entries(getTableColumns(table));
  return (json as Record<string, unknown>[]).map(
    (raw) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = raw[column.name];
          return [
            key,
            value === null || value === undefined ? null : column.mapFromDriverValue(value),
          ];
        }),
      ) as T['$inferSelect'],
  );
}

/** A product page, and the variations and grouped items of a listing's page. */
export class ProductRelationsRepository {
  constructor(private readonly db: Database) {}

  // A page's relations and a product page come in one statement each, built once per process
  // (ReusableStatement): the relations as JSON arrays, read back through Drizzle's own column
  // decoders (decision 0026). A listing miss was three statements, a product page four.
  private readonly relationsOfIds = new ReusableStatement<{
    id: string;
    variations: unknown;
    groupedItems: unknown;
  }>((db) =>
    db
      .select({ id: products.id, variations: variationsJson, groupedItems: groupedItemsJson })
      .from(products)
      .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('relations_of'),
  );

  private readonly activeListedOfIds = new ReusableStatement<{
    product: ProductRow;
    variations: unknown;
    groupedItems: unknown;
  }>((db) =>
    db
      .select({
        product: PRODUCT_COLUMNS,
        variations: variationsJson,
        groupedItems: groupedItemsJson,
      })
      .from(products)
      .where(
        and(
          sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`,
          eq(products.status, ACTIVE),
          categoryIsActive(),
        ),
      )
      .prepare('active_listed_of_ids'),
  );

  private readonly activeProductById = new ReusableStatement<{
    product: ProductRow;
    variations: unknown;
    groupedItems: unknown;
    reviews: unknown;
    sizeChart: string | null;
  }>((db) =>
    db
      .select({
        product: PRODUCT_COLUMNS,
        variations: variationsJson,
        groupedItems: groupedItemsJson,
        reviews: reviewsJson,
        sizeChart: sizeChartText,
      })
      .from(products)
      .where(
        and(
          eq(products.id, sql.placeholder('id')),
          eq(products.status, ACTIVE),
          categoryIsActive(),
        ),
      )
      .limit(1)
      .prepare('active_product_by_id'),
  );

  /** An active product with its variations, grouped items and reviews, in one statement. */
  async findActiveProduct(productId: string): Promise<ProductWithRelations | undefined> {
    const [row] = await this.activeProductById.run(this.db, this.db, { id: productId });
    if (!row) return undefined;
    return {
      product: row.product,
      variations: fromJsonRows(variations, row.variations),
      groupedItems: fromJsonRows(groupedItems, row.groupedItems),
      reviews: fromJsonRows(reviews, row.reviews),
      sizeChart: row.sizeChart,
    };
  }

  /**
   * The given products that are still active in an active category, in the given order, with
   * their variations and grouped items: a listing page in one statement.
   */
  async activeListedByIds(ids: readonly string[]): Promise<ListedProduct[]> {
    if (ids.length === 0) return [];
    const rows = await this.activeListedOfIds.run(this.db, this.db, { ids });
    const byId = new Map(rows.map((r) => [r.product.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          product: row.product,
          variations: fromJsonRows(variations, row.variations),
          groupedItems: fromJsonRows(groupedItems, row.groupedItems),
        },
      ];
    });
  }

  /** The variations and grouped items of the given products, by product id, in one statement. */
  async relationsOf(
    productIds: string[],
  ): Promise<Map<string, { variations: VariationRow[]; groupedItems: GroupedItemRow[] }>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.relationsOfIds.run(this.db, this.db, { ids: productIds });
    return new Map(
      rows.map((r) => [
        r.id,
        {
          variations: fromJsonRows(variations, r.variations),
          groupedItems: fromJsonRows(groupedItems, r.groupedItems),
        },
      ]),
    );
  }
}
