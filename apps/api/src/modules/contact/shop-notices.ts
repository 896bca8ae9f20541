import { shopNotices, type Database, type ShopNoticeForm, type Transaction } from '@shop/db';
import type { EmailMessage } from '../../adapters/email-sender.ts';
import { EmailOutbox, type EmailOutboxOptions } from '../../lib/email-outbox.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { storeInboxOf } from '../store-settings/index.ts';

export type ShopNoticeRow = typeof shopNotices.$inferSelect;

/** What a notice tells the shop of a form's message. */
export interface ShopNotice {
  storeId: string;
  form: ShopNoticeForm;
  /** The message's id in its form's table. */
  itemId: string;
  subject: string;
  intro: string;
  fields: [label: string, value: string][];
}

/** One line, so a name can never add a header line to a notice's subject. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Owes the shop a notice, in the transaction that stores the message it tells of (a crash after
 * the commit loses no notice); `ShopNoticeOutbox.wake()` after the commit sends it.
 */
export async function oweShopNotice(tx: Transaction, notice: ShopNotice): Promise<void> {
  await tx.insert(shopNotices).values({ ...notice, subject: oneLine(notice.subject) });
}

/** A plain notice: a subject and "label: value" lines, as text and as escaped HTML. */
export function noticeEmail(
  to: string,
  subject: string,
  intro: string,
  fields: readonly (readonly [label: string, value: string])[],
): EmailMessage {
  const lines = [
    intro,
    '',
    ...fields.map(([label, value]) => `${label}: ${value.includes('\n') ? `\n${value}` : value}`),
  ];
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
  };
}

/**
 * The notices owed to the shops of their forms' messages (decision 0049), sent from
 * `shop_notices` like the order emails: oldest first, each to its store's inbox as it is when
 * sent (the settings' notification address, else the store's email); none where neither is set.
 */
export class ShopNoticeOutbox extends EmailOutbox<ShopNoticeRow> {
  constructor(o: Omit<EmailOutboxOptions<ShopNoticeRow>, 'compose'>) {
    super(
      {
        table: shopNotices,
        what: 'shop notice',
        logged: (row) => ({ form: row.form, itemId: row.itemId }),
        sendingOrder: (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      },
      { ...o, compose: (rows) => composeNotices(o.db, rows) },
    );
  }
}

async function composeNotices(db: Database, rows: readonly ShopNoticeRow[]) {
  const stores = [...new Set(rows.map((r) => r.storeId))];
  const inboxes = new Map(
    await Promise.all(stores.map(async (id) => [id, await storeInboxOf(db, id)] as const)),
  );
  return rows.map((row) => {
    const to = inboxes.get(row.storeId)?.noticeTo;
    return to ? noticeEmail(to, row.subject, row.intro, row.fields) : null;
  });
}
