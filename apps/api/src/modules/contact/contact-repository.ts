import { eq } from 'drizzle-orm';
import { inquiries, leads, storeSettings, stores, type Database } from '@shop/db';

/** The only code that writes leads and enquiries. */
export class ContactRepository {
  constructor(private readonly db: Database) {}

  /** The store's name and where its notices go (the settings' inbox, else the store's email). */
  async storeInbox(storeId: string): Promise<{ name: string; noticeTo: string } | null> {
    const [row] = await this.db
      .select({
        name: stores.name,
        email: stores.email,
        notificationEmail: storeSettings.notificationEmail,
      })
      .from(stores)
      .leftJoin(storeSettings, eq(storeSettings.storeId, stores.id))
      .where(eq(stores.id, storeId));
    if (!row) return null;
    return { name: row.name, noticeTo: row.notificationEmail || row.email };
  }

  async insertLead(values: typeof leads.$inferInsert) {
    const [row] = await this.db.insert(leads).values(values).returning();
    return row!;
  }

  async insertInquiry(values: typeof inquiries.$inferInsert) {
    const [row] = await this.db.insert(inquiries).values(values).returning();
    return row!;
  }
}
