import { eq } from 'drizzle-orm';
import { storeSettings, stores, type Database, type Transaction } from '@shop/db';

/** The retention periods' reads and writes of the store settings (issue 61 item 5). */
export class RetentionSettingsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The store's periods, the row locked when `tx` is given (null: no settings row yet). */
  async periods(storeId: string, tx?: Transaction) {
    const query = (tx ?? this.db)
      .select({
        enquiryRetentionDays: storeSettings.enquiryRetentionDays,
        inactiveAccountDays: storeSettings.inactiveAccountDays,
      })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    const [row] = tx ? await query.for('update') : await query;
    return row ?? null;
  }

  async setPeriods(
    tx: Transaction,
    storeId: string,
    values: { enquiryRetentionDays: number; inactiveAccountDays: number },
  ) {
    await tx.update(storeSettings).set(values).where(eq(storeSettings.storeId, storeId));
  }

  /** Every store with its name and periods (null where it has no settings row yet). */
  everyStore() {
    return this.db
      .select({
        storeId: stores.id,
        name: stores.name,
        enquiryRetentionDays: storeSettings.enquiryRetentionDays,
        inactiveAccountDays: storeSettings.inactiveAccountDays,
      })
      .from(stores)
      .leftJoin(storeSettings, eq(storeSettings.storeId, stores.id))
      .orderBy(stores.id);
  }
}
