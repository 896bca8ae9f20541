import { and, asc, eq } from 'drizzle-orm';
import { cartLines, users, type Database } from '@shop/db';

/** A line as stored: what the user chose and how many; the catalogue prices it. */
export interface StoredLine {
  productId: string;
  sku: string;
  quantity: number;
  userId: string;
  userName: string;
}

/** The only code that reads and writes cart lines. */
export class CartRepository {
  constructor(private readonly db: Database) {}

  /** The user's lines with the owner's name, oldest first: one query for any cart. */
  async lines(userId: string): Promise<StoredLine[]> {
    const rows = await this.db
      .select({
        productId: cartLines.productId,
        sku: cartLines.sku,
        quantity: cartLines.quantity,
        userId: cartLines.userId,
        userName: users.fullName,
      })
      .from(cartLines)
      .innerJoin(users, eq(users.id, cartLines.userId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
    return rows;
  }

  /** Adds a line; false when the user already has that sku. */
  async insert(values: typeof cartLines.$inferInsert) {
    const rows = await this.db
      .insert(cartLines)
      .values(values)
      .onConflictDoNothing({ target: [cartLines.userId, cartLines.sku] })
      .returning({ id: cartLines.id });
    return rows.length > 0;
  }

  async setQuantity(userId: string, sku: string, quantity: number) {
    const rows = await this.db
      .update(cartLines)
      .set({ quantity })
      .where(and(eq(cartLines.userId, userId), eq(cartLines.sku, sku)))
      .returning({ id: cartLines.id });
    return rows.length > 0;
  }

  async line(userId: string, sku: string) {
    const [row] = await this.db
      .select({ productId: cartLines.productId, sku: cartLines.sku })
      .from(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.sku, sku)));
    return row ?? null;
  }

  async delete(userId: string, sku: string) {
    const rows = await this.db
      .delete(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.sku, sku)))
      .returning({ id: cartLines.id });
    return rows.length > 0;
  }

  async deleteAll(userId: string) {
    await this.db.delete(cartLines).where(eq(cartLines.userId, userId));
  }
}
