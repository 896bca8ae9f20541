import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { inquiries, leads, shopNotices, type Database, type Transaction } from '@shop/db';
import type { PersonalRows } from '../../lib/personal-rows.ts';
import { storeInboxOf } from '../store-settings/index.ts';
import { oweShopNotice, type ShopNotice } from './shop-notices.ts';

/** A notice's words; the repository adds the store, the form and the message's id. */
export type NoticeWords = Pick<ShopNotice, 'subject' | 'intro' | 'fields'>;

/** The only code that writes leads and enquiries. */
export class ContactRepository {
  constructor(private readonly db: Database) {}

  /**
   * A person's contact messages (their account's leads) and enquiries (the enquiry form keeps
   * no account: those sent with the account's email, in its store), for their data export.
   */
  async personalRowsOf(storeId: string, userId: string, email: string): Promise<PersonalRows[]> {
    const [leadRows, inquiryRows] = await Promise.all([
      this.db
        .select()
        .from(leads)
        .where(eq(leads.userId, userId))
        .orderBy(asc(leads.createdAt), asc(leads.id)),
      this.db
        .select()
        .from(inquiries)
        .where(and(eq(inquiries.storeId, storeId), eq(inquiries.email, email)))
        .orderBy(asc(inquiries.createdAt), asc(inquiries.id)),
    ]);
    return [
      { table: leads, rows: leadRows },
      { table: inquiries, rows: inquiryRows },
    ];
  }

  /**
   * Deletes a person's leads (their account's, or sent with its email in its store), enquiries
   * (sent with its email in its store) and the shop's notices of them, in one transaction: the
   * account's erasure (issue 61 item 3). Answers the deleted ids.
   */
  eraseAllOf(storeId: string, userId: string, email: string) {
    const sameEmail = (column: typeof leads.email | typeof inquiries.email) =>
      sql`lower(trim(${column})) = ${email.trim().toLowerCase()}`;
    return this.db.transaction(async (tx) => {
      const leadIds = await tx
        .delete(leads)
        .where(
          or(eq(leads.userId, userId), and(eq(leads.storeId, storeId), sameEmail(leads.email))),
        )
        .returning({ id: leads.id });
      const inquiryIds = await tx
        .delete(inquiries)
        .where(and(eq(inquiries.storeId, storeId), sameEmail(inquiries.email)))
        .returning({ id: inquiries.id });
      const ids = [...leadIds, ...inquiryIds].map((r) => r.id);
      const notices = await this.deleteNotices(ids, tx);
      return {
        leadIds: leadIds.map((r) => r.id),
        inquiryIds: inquiryIds.map((r) => r.id),
        notices,
      };
    });
  }

  /** Deletes the shop's notices (sent or not) of these messages; answers how many. */
  async deleteNotices(itemIds: readonly string[], db: Database = this.db): Promise<number> {
    if (itemIds.length === 0) return 0;
    const rows = await db
      .delete(shopNotices)
      .where(inArray(shopNotices.itemId, [...itemIds]))
      .returning({ id: shopNotices.id });
    return rows.length;
  }

  /** The store's name and where its notices go (the settings' inbox, else the store's email). */
  storeInbox(storeId: string): Promise<{ name: string; noticeTo: string } | null> {
    return storeInboxOf(this.db, storeId);
  }

  /** Stores a lead and the shop's notice of it, in one transaction. */
  insertLead(values: typeof leads.$inferInsert, notice: NoticeWords) {
    return this.withNotice(values.storeId, 'lead', notice, (tx) =>
      tx.insert(leads).values(values).returning(),
    );
  }

  /** Stores an enquiry and the shop's notice of it, in one transaction. */
  insertInquiry(values: typeof inquiries.$inferInsert, notice: NoticeWords) {
    return this.withNotice(values.storeId, 'enquiry', notice, (tx) =>
      tx.insert(inquiries).values(values).returning(),
    );
  }

  /** Inserts a form's message and owes the shop its notice, in one transaction. */
  private withNotice<Row extends { id: string }>(
    storeId: string,
    form: ShopNotice['form'],
    notice: NoticeWords,
    insert: (tx: Transaction) => Promise<Row[]>,
  ): Promise<Row> {
    return this.db.transaction(async (tx) => {
      const [row] = await insert(tx);
      await oweShopNotice(tx, { ...notice, storeId, form, itemId: row!.id });
      return row!;
    });
  }
}
