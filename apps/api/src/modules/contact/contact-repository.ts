import { inquiries, leads, type Database } from '@shop/db';
import { storeInboxOf } from '../store-settings/index.ts';

/** The only code that writes leads and enquiries. */
export class ContactRepository {
  constructor(private readonly db: Database) {}

  /** The store's name and where its notices go (the settings' inbox, else the store's email). */
  storeInbox(storeId: string): Promise<{ name: string; noticeTo: string } | null> {
    return storeInboxOf(this.db, storeId);
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
