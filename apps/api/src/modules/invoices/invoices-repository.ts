import { and, eq, inArray, sql } from 'drizzle-orm';
import { taxDocumentCounters, taxDocuments, type Database, type Transaction } from '@shop/db';
import type { PersonalRows } from '../../lib/personal-rows.ts';
import {
  lockOrderRow,
  orderWithLinesOf,
  type StoredOrderLineRow,
  type StoredOrderRow,
} from '../orders/index.ts';
import { storeNamesOf, storeSettingsOf, type StoreSettingsRow } from '../store-settings/index.ts';
import { formatTaxDocumentNumber, financialYearOf, type TaxDocumentKind } from '@shop/domain';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type {
  StoredOrderLineRow as InvoiceOrderLineRow,
  StoredOrderRow as InvoiceOrderRow,
} from '../orders/index.ts';
export type { StoreSettingsRow } from '../store-settings/index.ts';

/** Where a read or write runs: the database, or a transaction of the caller's. */
type Runner = Database | Transaction;

/** The only code that reads and writes tax documents and their counters. */
export class InvoicesRepository {
  constructor(private readonly db: Database) {}

  /** The tax documents of these orders, as stored (a person's data export). */
  async personalRowsOf(orderIds: readonly string[]): Promise<PersonalRows[]> {
    const rows =
      orderIds.length === 0
        ? []
        : await this.db
            .select()
            .from(taxDocuments)
            .where(inArray(taxDocuments.orderId, [...orderIds]))
            .orderBy(taxDocuments.issuedAt, taxDocuments.id);
    return [{ table: taxDocuments, rows }];
  }

  /**
   * Issues the order's document of `kind` inside `tx`, or returns the one it has (idempotent).
   * The order row is locked first (FOR UPDATE), so two issues for one order take turns and the
   * second sees the first's document; the next number comes from the counter row of the store,
   * kind and financial year of `at` (IST), upserted and returned in one statement, which holds
   * its lock until `tx` ends: numbers are consecutive and never given twice, and a rollback
   * gives the number back with the document. `null`: no such order.
   */
  async issue(
    tx: Transaction,
    orderId: string,
    kind: TaxDocumentKind,
    at: Date,
  ): Promise<TaxDocumentRow | null> {
    const order = await lockOrderRow(tx, orderId);
    if (!order) return null;
    const [existing] = await tx
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind)));
    if (existing) return existing;

    const year = financialYearOf(at);
    const [counter] = await tx
      .insert(taxDocumentCounters)
      .values({ storeId: order.storeId, kind, financialYear: year.code, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [
          taxDocumentCounters.storeId,
          taxDocumentCounters.kind,
          taxDocumentCounters.financialYear,
        ],
        set: { lastNumber: sql`${taxDocumentCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: taxDocumentCounters.lastNumber });
    const sequence = counter!.lastNumber;
    const [row] = await tx
      .insert(taxDocuments)
      .values({
        storeId: order.storeId,
        orderId,
        kind,
        number: formatTaxDocumentNumber(kind, year, sequence),
        financialYear: year.code,
        sequence,
        issuedAt: at,
      })
      .returning();
    return row!;
  }

  /** A transaction of its own, for an issue that is not part of a caller's. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The documents of many orders in one query. */
  async documentsOf(
    orderIds: readonly string[],
    runner: Runner = this.db,
  ): Promise<TaxDocumentRow[]> {
    if (orderIds.length === 0) return [];
    return runner
      .select()
      .from(taxDocuments)
      .where(inArray(taxDocuments.orderId, [...orderIds]));
  }

  /** What an invoice is drawn from: the order, its lines, its store's settings and name. */
  async invoiceSource(orderId: string): Promise<{
    order: StoredOrderRow;
    lines: StoredOrderLineRow[];
    settings: StoreSettingsRow | null;
    storeName: string;
  } | null> {
    const stored = await orderWithLinesOf(this.db, orderId);
    if (!stored) return null;
    const { order, lines } = stored;
    const [settings, names] = await Promise.all([
      storeSettingsOf(this.db, order.storeId),
      storeNamesOf(this.db, [order.storeId]),
    ]);
    return { order, lines, settings, storeName: names.get(order.storeId) ?? '' };
  }
}
