import { sql } from 'drizzle-orm';
import { TAX_DOCUMENT_KINDS } from '@shop/domain';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { stamp, storeId } from './columns.ts';

const kinds = sql.raw(TAX_DOCUMENT_KINDS.map((k) => `'${k}'`).join(', '));

/**
 * The last number given in each series (a store's tax invoices, its credit notes) of each
 * financial year ('2627' for 2026-27). A document takes the next number by upserting this row
 * (INSERT … ON CONFLICT DO UPDATE … RETURNING, which locks it) in the same transaction as the
 * document row, so numbers are consecutive, never skipped (a rollback gives the number back) and
 * never given twice. A new financial year is a new row, starting at 1.
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    storeId: storeId(),
    kind: text('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.kind, t.financialYear] }),
    check('tax_document_counters_kind', sql`${t.kind} IN (${kinds})`),
    check('tax_document_counters_year', sql`${t.financialYear} ~ '^[0-9]{4}$'`),
    check('tax_document_counters_positive', sql`${t.lastNumber} >= 1`),
  ],
);

/**
 * A GST document issued for an order (CGST Rule 46 tax invoice, Rule 53 credit note): at most
 * one of each kind per order; its number unique in its store's series. The content is not
 * copied: the order row keeps the seller, amounts and tax split it was placed with, and the
 * document is drawn from them (apps/api modules/invoices).
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    /** e.g. INV/2627/000123: at most 16 of letters, digits, '/' and '-'. */
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    /** The document's date (the moment it was issued). */
    issuedAt: stamp('issued_at').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_store_kind_number_key').on(t.storeId, t.kind, t.number),
    uniqueIndex('tax_documents_store_kind_year_sequence_key').on(
      t.storeId,
      t.kind,
      t.financialYear,
      t.sequence,
    ),
    uniqueIndex('tax_documents_order_kind_key').on(t.orderId, t.kind),
    index('tax_documents_store_issued_idx').on(t.storeId, t.issuedAt),
    check('tax_documents_kind', sql`${t.kind} IN (${kinds})`),
    check('tax_documents_number_format', sql`${t.number} ~ '^[A-Za-z0-9/-]{1,16}$'`),
    check('tax_documents_sequence_positive', sql`${t.sequence} >= 1`),
  ],
);
