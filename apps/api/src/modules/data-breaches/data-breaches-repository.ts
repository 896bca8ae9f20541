import { and, desc, eq } from 'drizzle-orm';
import { dataBreaches, type Database, type Transaction } from '@shop/db';

export type BreachRow = typeof dataBreaches.$inferSelect;
export type BreachInsert = Omit<
  typeof dataBreaches.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'shoppersToldAt' | 'boardReportedAt'
>;

/** The only code that reads and writes the breach register. */
export class DataBreachesRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  list(storeId: string): Promise<BreachRow[]> {
    return this.db
      .select()
      .from(dataBreaches)
      .where(eq(dataBreaches.storeId, storeId))
      .orderBy(desc(dataBreaches.foundAt), desc(dataBreaches.createdAt))
      .limit(500);
  }

  async insert(tx: Transaction, row: BreachInsert): Promise<BreachRow> {
    const [inserted] = await tx.insert(dataBreaches).values(row).returning();
    return inserted!;
  }

  /** The store's breach, locked for the update that follows; undefined when not the store's. */
  async lock(tx: Transaction, storeId: string, id: string): Promise<BreachRow | undefined> {
    const [row] = await tx
      .select()
      .from(dataBreaches)
      .where(and(eq(dataBreaches.storeId, storeId), eq(dataBreaches.id, id)))
      .for('update');
    return row;
  }

  async update(
    tx: Transaction,
    id: string,
    set: Partial<Pick<BreachRow, 'shoppersToldAt' | 'boardReportedAt'>>,
  ): Promise<BreachRow> {
    const [row] = await tx
      .update(dataBreaches)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(dataBreaches.id, id))
      .returning();
    return row!;
  }
}
