import { eq } from 'drizzle-orm';
import { storeSettings, type Database, type Transaction } from '@shop/db';

/** The only code of the store settings module that touches the database. */
export class StoreSettingsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The store's security settings, the row locked when `tx` is given (null: no settings row). */
  async security(storeId: string, tx?: Transaction) {
    const query = (tx ?? this.db)
      .select({ staffSecondFactor: storeSettings.staffSecondFactor })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    const [row] = tx ? await query.for('update') : await query;
    return row ?? null;
  }

  async setSecurity(tx: Transaction, storeId: string, values: { staffSecondFactor: boolean }) {
    await tx.update(storeSettings).set(values).where(eq(storeSettings.storeId, storeId));
  }
}
