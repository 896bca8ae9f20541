import { and, eq, inArray, lt } from 'drizzle-orm';
import { inquiries, leads, shopNotices, type Database } from '@shop/db';

/** At most this many messages of a kind per pass (a sweep runs passes until none is left). */
const BATCH = 500;

/** The contact and enquiry messages sent before a moment, as inbox items. */
export interface ContactPassed {
  leads: string[];
  enquiries: string[];
}

/** What one pass deleted. */
export interface ContactErased {
  leads: number;
  enquiries: number;
  shopNotices: number;
}

/**
 * The contact module's part of the daily retention job (issue 61 item 5): contact messages
 * (leads) and enquiries sent before the store's period, with the shop's notices of them. The job
 * first reads which ones (`passed`, for the inbox to forget their states and notes), then
 * deletes them (`erase`): a crash between the two leaves the messages for the next sweep.
 */
export class ContactRetention {
  constructor(private readonly db: Database) {}

  /** The store's messages sent before `before` (at most a batch of each). */
  async passed(storeId: string, before: Date): Promise<ContactPassed> {
    const [leadRows, enquiryRows] = await Promise.all([
      this.db
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.storeId, storeId), lt(leads.createdAt, before)))
        .limit(BATCH),
      this.db
        .select({ id: inquiries.id })
        .from(inquiries)
        .where(and(eq(inquiries.storeId, storeId), lt(inquiries.createdAt, before)))
        .limit(BATCH),
    ]);
    return { leads: leadRows.map((r) => r.id), enquiries: enquiryRows.map((r) => r.id) };
  }

  /**
   * Deletes those of `passed` still older than `before`, and the shop's notices of them, in one
   * transaction. Two sweeps at once delete each row once (the second finds it gone).
   */
  erase(storeId: string, passed: ContactPassed, before: Date): Promise<ContactErased> {
    return this.db.transaction(async (tx) => {
      const goneLeads =
        passed.leads.length === 0
          ? []
          : await tx
              .delete(leads)
              .where(
                and(
                  eq(leads.storeId, storeId),
                  inArray(leads.id, passed.leads),
                  lt(leads.createdAt, before),
                ),
              )
              .returning({ id: leads.id });
      const goneEnquiries =
        passed.enquiries.length === 0
          ? []
          : await tx
              .delete(inquiries)
              .where(
                and(
                  eq(inquiries.storeId, storeId),
                  inArray(inquiries.id, passed.enquiries),
                  lt(inquiries.createdAt, before),
                ),
              )
              .returning({ id: inquiries.id });
      const ids = [...passed.leads, ...passed.enquiries];
      const notices =
        ids.length === 0
          ? []
          : await tx
              .delete(shopNotices)
              .where(
                and(
                  eq(shopNotices.storeId, storeId),
                  inArray(shopNotices.form, ['lead', 'enquiry']),
                  inArray(shopNotices.itemId, ids),
                ),
              )
              .returning({ id: shopNotices.id });
      return {
        leads: goneLeads.length,
        enquiries: goneEnquiries.length,
        shopNotices: notices.length,
      };
    });
  }
}
