import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { orderLines, products, variations, type Database, type Transaction } from '@shop/db';
import { ReusableStatement, type Runner } from '../../lib/reusable-statement.ts';

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

/**
 * A stock row a one-statement placing takes from, with the prices the order was priced at;
 * `want` net of what released holds give back (then below zero when the order takes less of
 * the row than they give back), and no prices when the order takes none of it (nothing to
 * check).
 */
export interface GatedRow {
  /** The product's id, or the variation's. */
  id: string;
  productId: string;
  want: number;
  price: number | null;
  salePrice: number | null;
}

/** The stock rows of a one-statement placing: the products' and the variations', each by id. */
export interface StockRows {
  products: GatedRow[];
  variations: GatedRow[];
}

/**
 * The order's stock rows, each row's wants summed (less what `back`, released holds, gives back
 * in the same pass) and the rows in id order; null when the order has none (the gate's verdict
 * needs a row to carry the account gate's) or a need has no prices: such an order is not placed
 * in one statement.
 */
export function stockRowsOf(
  needs: readonly StockNeed[],
  back: readonly StockNeed[] = [],
): StockRows | null {
  if (needs.length === 0) return null;
  if (needs.some((n) => !n.priced)) return null;
  const rows = new Map<string, GatedRow & { variation: boolean }>();
  /** Adds `units` of a need's row (negative: given back), with the prices it was priced at. */
  const add = (
    n: StockNeed,
    units: number,
    prices: { price: number; salePrice: number } | null,
  ) => {
    const id = n.variationId ?? n.productId;
    const had = rows.get(id);
    rows.set(id, {
      id,
      variation: n.variationId !== null,
      productId: n.productId,
      want: (had?.want ?? 0) + units,
      price: prices?.price ?? had?.price ?? null,
      salePrice: prices?.salePrice ?? had?.salePrice ?? null,
    });
  };
  for (const n of needs) {
    add(n, n.quantity, { price: n.priced!.pricePaise, salePrice: n.priced!.salePricePaise });
  }
  for (const n of back) add(n, -n.quantity, null);
  const sorted = [...rows.values()].sort((a, b) => a.id.localeCompare(b.id));
  const plain = ({ variation: _, ...row }: GatedRow & { variation: boolean }) => row;
  return {
    products: sorted.filter((r) => !r.variation).map(plain),
    variations: sorted.filter((r) => r.variation).map(plain),
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

/** How many rows of each kind a one-statement placing's stock gates name (part of its text). */
export interface StockGateShape {
  products: number;
  variations: number;
}

export const stockGateShape = (rows: StockRows): StockGateShape => ({
  products: rows.products.length,
  variations: rows.variations.length,
});

/** The placeholders' values of `stockGates` for an order's rows (of `stockGateShape(rows)`). */
export function stockGateValues(rows: StockRows): Record<string, unknown> {
  const values: Record<string, unknown> = {
    's.n': rows.products.length + rows.variations.length,
  };
  const of = (prefix: string, list: GatedRow[]) =>
    list.forEach((r, i) => {
      values[`${prefix}${i}.id`] = r.id;
      values[`${prefix}${i}.want`] = r.want;
      values[`${prefix}${i}.price`] = r.price;
      values[`${prefix}${i}.sale`] = r.salePrice;
    });
  of('s.p.', rows.products);
  of('s.v.', rows.variations);
  return values;
}

/**
 * The stock part of a one-statement placing (the rows as `stockGateValues` gives them): all
 * of the order's stock rows or none. Each row is locked first, products then variations, each
 * in id order (as `takeStock` does: `ORDER BY id FOR UPDATE` locks each row as the sort hands it
 * out, and a row changed meanwhile is read as committed), and checked: it has the units wanted
 * and still carries the prices the order was priced at (a row given back only, without prices,
 * is not checked), and `admitted` holds (placing's account gate). Only when every row passed is the stock taken, and `allTaken` (for the order's INSERT)
 * true. `updated_at` is set as Drizzle's $onUpdate would.
 */
export function stockGates(db: Database, admitted: SQL, shape: StockGateShape) {
  // One row of placeholders per stock row, not arrays: PostgreSQL guesses an array parameter's
  // length (10 rows), so a plan made without the values looked dearer than one made with them
  // and the statement was planned afresh at every placing (a third of PostgreSQL's CPU in a
  // placing, docs/benchmarks.md); rows it can count keep one plan per connection.
  const wanted = (prefix: string, count: number) => {
    const row = (i: number) =>
      sql`(${sql.placeholder(`${prefix}${i}.id`)}::uuid, ${sql.placeholder(`${prefix}${i}.want`)}::integer, ${sql.placeholder(`${prefix}${i}.price`)}::integer, ${sql.placeholder(`${prefix}${i}.sale`)}::integer)`;
    return sql`(values ${sql.join(
      Array.from({ length: count }, (_, i) => row(i)),
      sql`, `,
    )}) as w(id, want, price, sale)`;
  };
  // A kind of row the order does not name (no variation, say) has no part in the statement: an
  // UPDATE of no rows still fires its table's statement trigger (a stock version bump of
  // catalogue_state, ~30 µs of PostgreSQL's time at every placing: docs/benchmarks.md).
  const checkedProducts =
    shape.products > 0
      ? db
          .$with('checked_products', { ok: sql<boolean>`ok` })
          .as(
            sql`select (p.${sql.identifier(products.totalStock.name)} >= w.want and (w.price is null or (p.${sql.identifier(products.originalPricePaise.name)} = w.price and p.${sql.identifier(products.discountPricePaise.name)} = w.sale))) as ok from ${products} p join ${wanted('s.p.', shape.products)} on p.id = w.id where ${admitted} order by p.id for update of p`,
          )
      : null;
  // Reads checked_products first, so the products are locked before any variation.
  const productsFirst = checkedProducts
    ? sql` and (select count(*) from ${checkedProducts}) >= 0`
    : sql``;
  const checkedVariations =
    shape.variations > 0
      ? db
          .$with('checked_variations', { ok: sql<boolean>`ok` })
          .as(
            sql`select (v.${sql.identifier(variations.stock.name)} >= w.want and (w.price is null or (v.${sql.identifier(variations.pricePaise.name)} = w.price and v.${sql.identifier(variations.salePricePaise.name)} = w.sale))) as ok from ${variations} v join ${wanted('s.v.', shape.variations)} on v.id = w.id where ${admitted}${productsFirst} order by v.id for update of v`,
          )
      : null;
  const passed = [checkedProducts, checkedVariations].flatMap((c) =>
    c ? [sql`(select count(*) filter (where ok) from ${c})`] : [],
  );
  const allTaken = sql`(${passed.length > 0 ? sql.join(passed, sql` + `) : sql`0`} = ${sql.placeholder('s.n')}::integer)`;
  const takenProducts =
    shape.products > 0
      ? db
          .$with('taken_products', { id: products.id })
          .as(
            sql`update ${products} set ${sql.identifier(products.totalStock.name)} = ${products.totalStock} - w.want, ${sql.identifier(products.updatedAt.name)} = now() from ${wanted('s.p.', shape.products)} where ${products.id} = w.id and ${allTaken} returning ${products.id}`,
          )
      : null;
  const takenVariations =
    shape.variations > 0
      ? db
          .$with('taken_variations', { id: variations.id })
          .as(
            sql`update ${variations} set ${sql.identifier(variations.stock.name)} = ${variations.stock} - w.want from ${wanted('s.v.', shape.variations)} where ${variations.id} = w.id and ${allTaken} returning ${variations.id}`,
          )
      : null;
  return {
    ctes: [checkedProducts, checkedVariations, takenProducts, takenVariations].filter(
      (c) => c !== null,
    ),
    allTaken,
  };
}

/**
 * The units-sold count of a one-statement payment (PaymentsRepository.markPaid): adds an order's
 * quantities to its products' `total_sold` once `paid` (an SQL condition naming the statement's
 * paid row) holds. The products' rows are locked in id order first (`ORDER BY id FOR UPDATE`
 * locks each row as the sort hands it out, and each is updated only after it was locked), as
 * `countSold` and the stock's passes do: no lock cycle with another statement.
 */
export function soldCounter(db: Database, orderId: SQL, paid: SQL) {
  return db
    .$with('sold', { id: products.id })
    .as(
      sql`update ${products} set ${sql.identifier(products.totalSold.name)} = ${products.totalSold} + (select sum(${orderLines.quantity}) from ${orderLines} where ${orderLines.orderId} = ${orderId} and ${orderLines.productId} = ${products.id})::integer, ${sql.identifier(products.updatedAt.name)} = now() from (select p.id from ${products} p where p.id in (select ${orderLines.productId} from ${orderLines} where ${orderLines.orderId} = ${orderId}) and ${paid} order by p.id for update of p) locked where ${products.id} = locked.id returning ${products.id}`,
    );
}

/**
 * Why a one-statement placing took nothing: its rows as they are now, read once (in the
 * placing's transaction, where they are still locked as the statement saw them; outside it, as
 * committed). The first row whose prices changed since the order was priced (PriceChanged), else
 * the first without the units (OutOfStock); null when every row has them at those prices (the
 * account gate stopped it).
 */
export async function whyNotTaken(
  db: Runner,
  rows: StockRows,
): Promise<OutOfStock | PriceChanged | null> {
  const now = new Map<string, { price: number; salePrice: number; stock: number }>();
  const [productRows, variationRows] = await Promise.all([
    rows.products.length === 0
      ? []
      : db
          .select({
            id: products.id,
            price: products.originalPricePaise,
            salePrice: products.discountPricePaise,
            stock: products.totalStock,
          })
          .from(products)
          .where(
            inArray(
              products.id,
              rows.products.map((r) => r.id),
            ),
          ),
    rows.variations.length === 0
      ? []
      : db
          .select({
            id: variations.id,
            price: variations.pricePaise,
            salePrice: variations.salePricePaise,
            stock: variations.stock,
          })
          .from(variations)
          .where(
            inArray(
              variations.id,
              rows.variations.map((r) => r.id),
            ),
          ),
  ]);
  for (const r of [...productRows, ...variationRows]) now.set(r.id, r);
  const all = [...rows.products, ...rows.variations];
  const changed = all.find((r) => {
    const row = now.get(r.id);
    return row && r.price !== null && (row.price !== r.price || row.salePrice !== r.salePrice);
  });
  if (changed) return new PriceChanged(changed.productId);
  // A row that is gone is short whatever is wanted of it (as takeStock finds it).
  const short = all.find((r) => !now.has(r.id) || now.get(r.id)!.stock < r.want);
  return short ? new OutOfStock(short.productId) : null;
}
