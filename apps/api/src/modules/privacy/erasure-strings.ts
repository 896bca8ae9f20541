import { getTableColumns } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { PersonalRows } from '../../lib/personal-rows.ts';
import { personalTables, type PersonalKind } from './personal-data-map.ts';

/** The kinds of column whose values name or reach the person, as copies may repeat them. */
const IDENTIFYING: ReadonlySet<PersonalKind> = new Set([
  'name',
  'email',
  'phone',
  'address',
  'gstin',
]);

/** Every string inside a value (a JSON address snapshot's fields too). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * The person's identifying strings in their rows, by the personal-data map (names, emails,
 * phones, addresses, GSTINs; not another person's columns): what the audit log's copies of
 * their records lose to "[erased]" (issue 61 item 3). Read before any step erases them.
 */
export function identifyingStrings(list: readonly PersonalRows[]): string[] {
  const out = new Set<string>();
  for (const { table, rows } of list) {
    const entry = personalTables[getTableConfig(table).name];
    if (!entry) continue;
    const keys = Object.entries(getTableColumns(table))
      .filter(([, c]) => {
        const p = entry.personal[c.name];
        return p !== undefined && p.of === undefined && IDENTIFYING.has(p.kind);
      })
      .map(([key]) => key);
    for (const row of rows as Record<string, unknown>[]) {
      for (const key of keys) {
        for (const s of stringsIn(row[key])) if (s.trim() !== '') out.add(s.trim());
      }
    }
  }
  return [...out];
}
