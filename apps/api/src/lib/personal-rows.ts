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
