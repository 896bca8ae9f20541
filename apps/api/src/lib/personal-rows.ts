import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * One person's rows of one table, as its owning module reads them for the shopper's data export
 * (DPDP Act 2023 s.11; issue 61 item 3). The table object lets the export name each column by its
 * SQL name, as the personal-data map (modules/privacy/personal-data-map.ts) does.
 */
export interface PersonalRows {
  table: PgTable;
  rows: readonly object[];
}

/** Whose data an erasure step erases: the account, and its email before it was anonymised. */
export interface ErasureSubject {
  storeId: string;
  userId: string;
  email: string;
}

/**
 * What one module's erasure step did to one table (issue 61 item 3): rows deleted, rows kept
 * with their personal columns blanked, rows kept (some columns blanked at most) under a legal
 * hold. Each step is idempotent: run again, it finds nothing left and reports zeros.
 */
export interface ErasedRows {
  table: string;
  erased: number;
  anonymised: number;
  kept: number;
}
