import { and, eq, sql, type SQL } from 'drizzle-orm';
import { products, variations, type Database, type orderLines, type Transaction } from '@shop/db';
import { ReusableStatement } from '../../lib/reusable-statement.ts';

type Tx = Transaction;
type OrderLineRow = typeof orderLines.$inferSelect;

/** Stock to take for one order: per product (simple) or per variation. */
export interface StockNeed {
  productId: string;
  variationId: string | null;
  quantity: number;
  /**
   * The unit list and sale price the order was priced at (the variation's for a variation).
   * When given, the locked row must still carry them, else PriceChanged: an order is never
   * sold at a price read before a change that committed before its lock.
   */
  priced?: { pricePaise: number; salePricePaise: number };
}

export class OutOfStock extends Error {
  constructor(readonly productId: string) {
    super('Out of stock');
  }
}
/** A product's price changed between pricing the order and locking its stock row. */
export class PriceChanged extends Error {
  constructor(readonly productId: string) {
    super('Price changed');
  }
}

/** What an order's lines took: the stock to take again or give back. */
export const stockNeedsOf = (lines: readonly OrderLineRow[]): StockNeed[] =>
  lines
    .filter((l) => l.productId)
    .map((l) => ({ productId: l.productId!, variationId: l.variationId, quantity: l.quantity }));

/**
 * Puts an order's stock back: products, then variations, each in id order (the order placing
 * locks them in, so a cancel and a placing never wait on each other in a cycle).
 */
export async function returnStock(tx: Tx, lines: readonly OrderLineRow[]) {
  const sorted = [...lines].sort((a, b) =>
    (a.variationId ?? a.productId ?? '').localeCompare(b.variationId ?? b.productId ?? ''),
  );
  for (const line of sorted.filter((l) => !l.variationId && l.productId)) {
    await tx
      .update(products)
      .set({ totalStock: sql`${products.totalStock} + ${line.quantity}` })
      .where(eq(products.id, line.productId!));
  }
  for (const line of sorted.filter((l) => l.variationId)) {
    await tx
      .update(variations)
      .set({ stock: sql`${variations.stock} + ${line.quantity}` })
      .where(eq(variations.id, line.variationId!));
  }
}

/** Takes back the sale an order counted (products' totalSold), in product id order. */
export async function unsell(tx: Tx, lines: readonly OrderLineRow[]) {
  const sold = lines
    .filter((l) => l.productId)
    .sort((a, b) => a.productId!.localeCompare(b.productId!));
  for (const line of sold) {
    await tx
      .update(products)
      .set({ totalSold: sql`greatest(${products.totalSold} - ${line.quantity}, 0)` })
      .where(eq(products.id, line.productId!));
  }
}

/** Counts a sale (products' totalSold), in product id order. */
export async function countSold(
  tx: Tx,
  items: readonly { productId: string | null; quantity: number }[],
) {
  const sold = new Map<string, number>();
  for (const n of items) {
    if (n.productId) sold.set(n.productId, (sold.get(n.productId) ?? 0) + n.quantity);
  }
  for (const [productId, quantity] of [...sold].sort(([a], [b]) => a.localeCompare(b))) {
    await addSold.run(tx, tx, { productId, quantity });
  }
}

/** Adds units sold to a product (built once: every paid order runs it per product). */
const addSold = new ReusableStatement<{ id: string }>((db) =>
  db
    .update(products)
    .set({
      totalSold: sql`${products.totalSold} + ${sql.placeholder('quantity')}::integer`,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, sql.placeholder('productId')))
    .returning({ id: products.id })
    .prepare('add_sold'),
);

/**
 * Takes `want` units of a product's stock when it has them, answering its prices as locked
 * (built once: every order runs it). `updated_at` is set as Drizzle's $onUpdate would.
 */
const takeProductStock = new ReusableStatement<{ price: number; salePrice: number }>((db) =>
  db
    .update(products)
    .set({
      totalStock: sql`${products.totalStock} - ${sql.placeholder('want')}::integer`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(products.id, sql.placeholder('id')),
        sql`${products.totalStock} >= ${sql.placeholder('want')}::integer`,
      ),
    )
    .returning({ price: products.originalPricePaise, salePrice: products.discountPricePaise })
    .prepare('take_product_stock'),
);

/** The same for a variation's own stock. */
const takeVariationStock = new ReusableStatement<{ price: number; salePrice: number }>((db) =>
  db
    .update(variations)
    .set({ stock: sql`${variations.stock} - ${sql.placeholder('want')}::integer` })
    .where(
      and(
        eq(variations.id, sql.placeholder('id')),
        sql`${variations.stock} >= ${sql.placeholder('want')}::integer`,
      ),
    )
    .returning({ price: variations.pricePaise, salePrice: variations.salePricePaise })
    .prepare('take_variation_stock'),
);

/** The one stock row an order takes, with the prices it was priced at. */
export interface OneStockRow {
  /** The product's id, or the variation's. */
  id: string;
  variation: boolean;
  productId: string;
  want: number;
  price: number;
  salePrice: number;
}

/** The order's one stock row, or null when it takes several (or one without its prices). */
export function oneStockRow(needs: readonly StockNeed[]): OneStockRow | null {
  const first = needs[0];
  if (!first?.priced) return null;
  let want = 0;
  for (const n of needs) {
    if (n.productId !== first.productId || n.variationId !== first.variationId) return null;
    want += n.quantity;
  }
  return {
    id: first.variationId ?? first.productId,
    variation: first.variationId !== null,
    productId: first.productId,
    want,
    price: first.priced.pricePaise,
    salePrice: first.priced.salePricePaise,
  };
}

/**
 * Takes `needs` from the stock rows in a fixed order (products, then variations, each by id),
 * one conditional UPDATE per row (`… WHERE stock >= want RETURNING`): the update takes the row
 * lock, and a concurrent buyer waiting on it re-checks the condition once the lock is free, so
 * stock never goes below zero. Throws OutOfStock (the transaction rolls back) when a row is
 * missing or has too little.
 */
export async function takeStock(
  db: Database,
  tx: Tx,
  needs: readonly StockNeed[],
  /** Stock given back in the same pass (released holds): a row's want is net of it. */
  back: readonly StockNeed[] = [],
) {
  type Row = { want: number; productId: string; priced: StockNeed['priced'] };
  const add = (map: Map<string, Row>, id: string, n: StockNeed, sign = 1) => {
    const had = map.get(id);
    map.set(id, {
      want: (had?.want ?? 0) + sign * n.quantity,
      productId: n.productId,
      priced: n.priced ?? had?.priced,
    });
  };
  const perProduct = new Map<string, Row>();
  const perVariation = new Map<string, Row>();
  for (const n of needs) {
    if (n.variationId) add(perVariation, n.variationId, n);
    else add(perProduct, n.productId, n);
  }
  for (const n of back) {
    if (n.variationId) add(perVariation, n.variationId, n, -1);
    else add(perProduct, n.productId, n, -1);
  }
  const byId = (rows: Map<string, Row>) => [...rows].sort(([a], [b]) => a.localeCompare(b));
  // The RETURNING prices are the row's as locked: a change committed after the order was
  // priced shows here (the order is re-priced, never sold at the old price).
  const unchanged = (row: Row, now: { price: number; salePrice: number }) =>
    !row.priced ||
    (row.priced.pricePaise === now.price && row.priced.salePricePaise === now.salePrice);
  for (const [id, row] of byId(perProduct)) {
    const [taken] = await takeProductStock.run(db, tx, { id, want: row.want });
    if (!taken) throw new OutOfStock(id);
    if (!unchanged(row, taken)) throw new PriceChanged(id);
  }
  for (const [id, row] of byId(perVariation)) {
    const [taken] = await takeVariationStock.run(db, tx, { id, want: row.want });
    if (!taken) throw new OutOfStock(row.productId);
    if (!unchanged(row, taken)) throw new PriceChanged(row.productId);
  }
}

/**
 * The gate of a one-statement placing: takes `want` units of the row's stock only while it has
 * them and still carries the prices the order was priced at; `updated_at` as Drizzle's
 * $onUpdate would set it.
 */
export function stockGate(
  db: Database,
  variation: boolean,
  /** What else must hold for the stock to be taken (placing's account gate). */
  admitted: SQL,
) {
  const want = sql`${sql.placeholder('s.want')}::integer`;
  if (variation) {
    return db.$with('taken').as(
      db
        .update(variations)
        .set({ stock: sql`${variations.stock} - ${want}` })
        .where(
          and(
            eq(variations.id, sql.placeholder('s.id')),
            sql`${variations.stock} >= ${want}`,
            eq(variations.pricePaise, sql.placeholder('s.price')),
            eq(variations.salePricePaise, sql.placeholder('s.salePrice')),
            admitted,
          ),
        )
        .returning({ id: variations.id }),
    );
  }
  return db.$with('taken').as(
    db
      .update(products)
      .set({ totalStock: sql`${products.totalStock} - ${want}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(products.id, sql.placeholder('s.id')),
          sql`${products.totalStock} >= ${want}`,
          eq(products.originalPricePaise, sql.placeholder('s.price')),
          eq(products.discountPricePaise, sql.placeholder('s.salePrice')),
          admitted,
        ),
      )
      .returning({ id: products.id }),
  );
}

/**
 * Why a one-statement placing took nothing: the row as it is now, read once. Null when the
 * row has the stock at the prices the order was priced at (the account gate stopped it).
 */
export async function whyNotTaken(
  db: Database,
  one: OneStockRow,
): Promise<OutOfStock | PriceChanged | null> {
  const [row] = one.variation
    ? await db
        .select({
          price: variations.pricePaise,
          salePrice: variations.salePricePaise,
          stock: variations.stock,
        })
        .from(variations)
        .where(eq(variations.id, one.id))
    : await db
        .select({
          price: products.originalPricePaise,
          salePrice: products.discountPricePaise,
          stock: products.totalStock,
        })
        .from(products)
        .where(eq(products.id, one.id));
  const changed = row && (row.price !== one.price || row.salePrice !== one.salePrice);
  if (changed) return new PriceChanged(one.productId);
  return row && row.stock >= one.want ? null : new OutOfStock(one.productId);
}
