import { getTableConfig } from 'drizzle-orm/pg-core';
import type { InboxKind } from '@shop/domain';
import type { ErasedRows, ErasureSubject, PersonalRows } from '../../lib/personal-rows.ts';
import { identifyingStrings } from './erasure-strings.ts';

/** The inbox items a step deleted, for the inbox to forget their states and notes. */
export interface InboxItem {
  kind: InboxKind;
  id: string;
}
/** What a step answers when it deleted inbox items. */
export interface ErasedWithItems {
  rows: ErasedRows[];
  items: InboxItem[];
}

/**
 * The owning modules' erasure steps (issue 61 item 3), each through its service (a module
 * never writes another's tables), each idempotent: run again, it finds nothing left.
 */
export interface ErasureSteps {
  contact: {
    erasePersonalDataOf(subject: ErasureSubject): Promise<ErasedWithItems>;
    eraseNoticesOf(itemIds: readonly string[]): Promise<ErasedRows[]>;
  };
  quotes: { erasePersonalDataOf(subject: ErasureSubject): Promise<ErasedWithItems> };
  cart: { erasePersonalDataOf(subject: ErasureSubject): Promise<ErasedRows[]> };
  addresses: { erasePersonalDataOf(subject: ErasureSubject): Promise<ErasedRows[]> };
  admissions: {
    /** The admissions deleted, and those kept blank (an order or an Aadhaar reveal names them). */
    erasePersonalDataOf(
      subject: ErasureSubject,
    ): Promise<{ rows: ErasedRows[]; deletedIds: string[]; keptIds: string[] }>;
  };
  orders: {
    openOrderNumbersOf(storeId: string, userId: string): Promise<string[]>;
    orderIdsOf(storeId: string, userId: string): Promise<string[]>;
    erasePersonalDataOf(
      subject: ErasureSubject,
      heldOrderIds: ReadonlySet<string>,
    ): Promise<ErasedRows[]>;
  };
  invoices: {
    heldOrderIds(orderIds: readonly string[]): Promise<ReadonlySet<string>>;
    erasePersonalDataOf(orderIds: readonly string[]): Promise<ErasedRows[]>;
  };
  payments: {
    erasePersonalDataOf(orderIds: readonly string[]): Promise<ErasedRows[]>;
  };
  inbox: {
    eraseItems(storeId: string, items: readonly InboxItem[]): Promise<ErasedRows[]>;
  };
  audit: {
    redact(
      storeId: string,
      entityIds: readonly string[],
      strings: readonly string[],
    ): Promise<ErasedRows[]>;
  };
  /** The person's rows as stored (the export's readers), read before anything is erased. */
  reads(subject: ErasureSubject): Promise<PersonalRows[]>;
  consents: { erasePersonalDataOf(subject: ErasureSubject): Promise<ErasedRows[]> };
  accounts: { erasePersonalDataOf(subject: ErasureSubject): Promise<ErasedRows[]> };
}

/** The rows of one table summed over the steps that touched it, in the order first met. */
export function mergeErased(list: readonly ErasedRows[]): ErasedRows[] {
  const byTable = new Map<string, ErasedRows>();
  for (const r of list) {
    const had = byTable.get(r.table);
    byTable.set(
      r.table,
      had
        ? {
            table: r.table,
            erased: had.erased + r.erased,
            anonymised: had.anonymised + r.anonymised,
            kept: had.kept + r.kept,
          }
        : { ...r },
    );
  }
  return [...byTable.values()];
}

/** The ids of the rows of one table (by SQL name) among the person's rows. */
const idsIn = (list: readonly PersonalRows[], table: string) =>
  list
    .filter((p) => getTableConfig(p.table).name === table)
    .flatMap((p) => (p.rows as { id?: unknown }[]).map((r) => String(r.id)));

/** The inbox's kind of each message table: the audit log names an item `kind:id`. */
const INBOX_TABLES: Readonly<Record<string, InboxKind>> = {
  leads: 'lead',
  inquiries: 'enquiry',
  quote_requests: 'quote',
  admissions: 'admission',
};

/** What the audit log's entries about the person are about: the account, orders, admissions, messages. */
function auditEntities(userId: string, read: readonly PersonalRows[]): string[] {
  return [
    userId,
    ...idsIn(read, 'orders'),
    ...idsIn(read, 'admissions'),
    ...Object.entries(INBOX_TABLES).flatMap(([table, kind]) =>
      idsIn(read, table).map((id) => `${kind}:${id}`),
    ),
  ];
}

/**
 * Runs every step for one account, in order: first the audit log's copies of its records
 * (redacted with the strings read from its rows, before they go), then its messages (contact,
 * quotes), cart, addresses, admissions with the shop's notices of them, orders with their
 * invoices and payments, the inbox's states and notes of the deleted messages, its consents, and
 * last the account itself (so a failed step leaves the account to be found, the request waiting
 * for the next try; every step finds nothing left of what it did).
 */
export async function runErasureSteps(
  s: ErasureSteps,
  subject: ErasureSubject,
): Promise<ErasedRows[]> {
  const read = await s.reads(subject);
  const out: ErasedRows[] = [
    ...(await s.audit.redact(
      subject.storeId,
      auditEntities(subject.userId, read),
      identifyingStrings(read),
    )),
  ];
  const contact = await s.contact.erasePersonalDataOf(subject);
  const quotes = await s.quotes.erasePersonalDataOf(subject);
  out.push(...contact.rows, ...quotes.rows);
  out.push(...(await s.cart.erasePersonalDataOf(subject)));
  out.push(...(await s.addresses.erasePersonalDataOf(subject)));
  const admissions = await s.admissions.erasePersonalDataOf(subject);
  const admissionIds = [...admissions.deletedIds, ...admissions.keptIds];
  out.push(...admissions.rows, ...(await s.contact.eraseNoticesOf(admissionIds)));

  const orderIds = await s.orders.orderIdsOf(subject.storeId, subject.userId);
  const held = await s.invoices.heldOrderIds(orderIds);
  out.push(...(await s.orders.erasePersonalDataOf(subject, held)));
  out.push(...(await s.invoices.erasePersonalDataOf(orderIds)));
  out.push(...(await s.payments.erasePersonalDataOf(orderIds)));

  const items: InboxItem[] = [
    ...contact.items,
    ...quotes.items,
    ...admissionIds.map((id) => ({ kind: 'admission' as const, id })),
  ];
  out.push(...(await s.inbox.eraseItems(subject.storeId, items)));
  out.push(...(await s.consents.erasePersonalDataOf(subject)));
  out.push(...(await s.accounts.erasePersonalDataOf(subject)));
  return mergeErased(out);
}
