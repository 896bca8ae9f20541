import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { cartLines, users, type Database } from '@shop/db';
import type { PersonalRows } from '../../lib/personal-rows.ts';
import { placeholdersFor, ReusableStatement } from '../../lib/reusable-statement.ts';

/** A line as stored: what the user chose and how many; the catalogue prices it. */
export interface StoredLine {
  productId: string;
  sku: string;
  quantity: number;
  userId: string;
  userName: string;
}

const LINE = {
  productId: cartLines.productId,
  sku: cartLines.sku,
  quantity: cartLines.quantity,
  userId: cartLines.userId,
};
const ofUserAndSku = and(
  eq(cartLines.userId, sql.placeholder('userId')),
  eq(cartLines.sku, sql.placeholder('sku')),
);

// Every cart request runs one or more of these: each is built once (ReusableStatement).
/** Empties a cart (every shop order clears its buyer's: CartService.clearAfterOrder). */
const deleteAllOfUser = new ReusableStatement<never>((db) =>
  db
    .delete(cartLines)
    .where(eq(cartLines.userId, sql.placeholder('userId')))
    .prepare('cart_delete_all'),
);
const linesOfUser = new ReusableStatement<StoredLine>((db) =>
  db
    .select({ ...LINE, userName: users.fullName })
    .from(cartLines)
    .innerJoin(users, eq(users.id, cartLines.userId))
    .where(eq(cartLines.userId, sql.placeholder('userId')))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id))
    .prepare('cart_lines_of_user'),
);

/** A line written (added, or its quantity set), answered with its owner's name. */
const writtenLine = (db: Database, write: SQL) => {
  const written = db.$with('written', LINE).as(write);
  return db
    .with(written)
    .select({
      productId: written.productId,
      sku: written.sku,
      quantity: written.quantity,
      userId: written.userId,
      userName: users.fullName,
    })
    .from(written)
    .innerJoin(users, eq(users.id, written.userId));
};
const returningLine = sql.raw('product_id, sku, quantity, user_id');

const addLine = new ReusableStatement<StoredLine>((db) =>
  writtenLine(
    db,
    sql`${db
      .insert(cartLines)
      .values(placeholdersFor(cartLines, ['storeId', 'userId', 'productId', 'sku', 'quantity']))
      .onConflictDoNothing({ target: [cartLines.userId, cartLines.sku] })
      .getSQL()} returning ${returningLine}`,
  ).prepare('cart_add_line'),
);

const setLineQuantity = new ReusableStatement<StoredLine>((db) =>
  writtenLine(
    db,
    sql`${db
      .update(cartLines)
      .set({ ...placeholdersFor(cartLines, ['quantity']), updatedAt: sql`now()` })
      .where(ofUserAndSku)
      .getSQL()} returning ${returningLine}`,
  ).prepare('cart_set_quantity'),
);

const lineOfUser = new ReusableStatement<{ productId: string; sku: string }>((db) =>
  db
    .select({ productId: cartLines.productId, sku: cartLines.sku })
    .from(cartLines)
    .where(ofUserAndSku)
    .prepare('cart_line_of_user'),
);

const deleteLine = new ReusableStatement<{ id: string }>((db) =>
  db.delete(cartLines).where(ofUserAndSku).returning({ id: cartLines.id }).prepare('cart_delete'),
);

/** The only code that reads and writes cart lines. */
export class CartRepository {
  constructor(private readonly db: Database) {}

  /** The user's cart rows as stored, for their data export. */
  async personalRowsOf(userId: string): Promise<PersonalRows[]> {
    const rows = await this.db
      .select()
      .from(cartLines)
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
    return [{ table: cartLines, rows }];
  }

  /** Deletes every line of the account's cart (its erasure). */
  async deleteAllOf(userId: string): Promise<number> {
    const rows = await this.db
      .delete(cartLines)
      .where(eq(cartLines.userId, userId))
      .returning({ id: cartLines.id });
    return rows.length;
  }

  /** The user's lines with the owner's name, oldest first: one query for any cart. */
  lines(userId: string): Promise<StoredLine[]> {
    return linesOfUser.run(this.db, this.db, { userId });
  }

  /** Adds a line and answers it with its owner's name; null when the user has that sku. */
  async insert(values: {
    storeId: string;
    userId: string;
    productId: string;
    sku: string;
    quantity: number;
  }): Promise<StoredLine | null> {
    const [row] = await addLine.run(this.db, this.db, values);
    return row ?? null;
  }

  /** Sets a line's quantity and answers the line; null when the user has no such line. */
  async setQuantity(userId: string, sku: string, quantity: number): Promise<StoredLine | null> {
    const [row] = await setLineQuantity.run(this.db, this.db, { userId, sku, quantity });
    return row ?? null;
  }

  async line(userId: string, sku: string) {
    const [row] = await lineOfUser.run(this.db, this.db, { userId, sku });
    return row ?? null;
  }

  async delete(userId: string, sku: string) {
    return (await deleteLine.run(this.db, this.db, { userId, sku })).length > 0;
  }

  async deleteAll(userId: string) {
    await deleteAllOfUser.run(this.db, this.db, { userId });
  }

  /** Deletes the user's lines of these skus (those not in the cart are no matter). */
  async deleteSkus(userId: string, skus: readonly string[]) {
    if (skus.length === 0) return;
    await this.db
      .delete(cartLines)
      .where(and(eq(cartLines.userId, userId), inArray(cartLines.sku, [...skus])));
  }
}
