import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '@shop/db';
import { infrastructureTables, tableOwners } from '../table-owners.js';
import { notPersonalTables, pathColumns, personalTables } from './personal-data-map.ts';

const MAP = 'apps/api/src/modules/privacy/personal-data-map.ts';

/** Every table of the Drizzle schema: its SQL name, its export name and its SQL column names. */
function schemaTables() {
  const tables: { name: string; exportName: string; columns: string[] }[] = [];
  for (const [exportName, value] of Object.entries(schema)) {
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) === null)
      continue;
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    tables.push({ name: config.name, exportName, columns: config.columns.map((c) => c.name) });
  }
  return tables;
}

/** What the map says of each column of `table`: the lists naming it. */
function placesOf(table: string): Map<string, string[]> {
  const places = new Map<string, string[]>();
  const add = (column: string, list: string) =>
    places.set(column, [...(places.get(column) ?? []), list]);
  const personal = personalTables[table];
  if (personal) {
    for (const c of pathColumns(personal)) add(c, 'path');
    for (const c of Object.keys(personal.personal)) add(c, 'personal');
    for (const c of personal.notPersonal) add(c, 'notPersonal');
  }
  for (const c of notPersonalTables[table]?.columns ?? []) add(c, 'notPersonalTables');
  return places;
}

describe('the personal-data map (DPDP Act 2023, issue 61 item 3)', () => {
  const tables = schemaTables();

  it('reads the whole schema', () => {
    expect(tables.length).toBeGreaterThan(50);
    expect(tables.map((t) => t.name)).toContain('users');
  });

  it('classifies every table of the schema, as personal or not, and only once', () => {
    const missing = tables
      .filter((t) => !personalTables[t.name] && !notPersonalTables[t.name])
      .map((t) => t.name);
    expect(
      missing,
      `Table(s) ${missing.join(', ')} are not in the personal-data map. In ${MAP}, add each to ` +
        '`personalTables` (whose rows they are: `subject`, the `path` to the account, a ' +
        '`legalHold` if a law keeps them, the `export` section or why omitted, each personal ' +
        'column with its kind, and `notPersonal` for the rest) or to `notPersonalTables` (why, ' +
        'and every column). Then show a personal table in the export (export-service.ts).',
    ).toEqual([]);
    const both = tables.filter((t) => personalTables[t.name] && notPersonalTables[t.name]);
    expect(both.map((t) => t.name)).toEqual([]);
  });

  it('classifies every column of every table exactly once; names no column the schema lacks', () => {
    const unclassified: string[] = [];
    const twice: string[] = [];
    const stale: string[] = [];
    for (const t of tables) {
      const places = placesOf(t.name);
      for (const column of t.columns) {
        const lists = places.get(column) ?? [];
        if (lists.length === 0) unclassified.push(`${t.name}.${column}`);
        // The path column may also be personal (an email that links a row to its account).
        const counted = lists.filter((l) => l !== 'path');
        if (counted.length > 1 || (lists.includes('path') && counted.includes('notPersonal'))) {
          twice.push(`${t.name}.${column} (${lists.join(', ')})`);
        }
      }
      for (const column of places.keys()) {
        if (!t.columns.includes(column)) stale.push(`${t.name}.${column}`);
      }
    }
    expect(
      unclassified,
      `Column(s) ${unclassified.join(', ')} are not classified. In ${MAP}, under the table: add ` +
        "each to `personal` with its kind (a person's name, email, phone, address, dob, " +
        'free text they wrote, an id of theirs elsewhere…), or to `notPersonal` (or, for a ' +
        "table in `notPersonalTables`, to its `columns`). A personal column the shopper's " +
        'export shows must then appear in export-service.ts (export.test.ts checks it).',
    ).toEqual([]);
    expect(twice, 'classified in more than one list').toEqual([]);
    expect(
      stale,
      `the map names column(s) the schema no longer has: remove them from ${MAP}`,
    ).toEqual([]);
  });

  it('names no table the schema lacks', () => {
    const names = new Set(tables.map((t) => t.name));
    const stale = [...Object.keys(personalTables), ...Object.keys(notPersonalTables)].filter(
      (n) => !names.has(n),
    );
    expect(stale).toEqual([]);
  });

  it('gives each personal table its owner of table-owners.js, and a reason for each withheld or omitted', () => {
    const ownerOf = new Map<string, string>();
    for (const [module, owned] of Object.entries(tableOwners)) {
      for (const t of owned) ownerOf.set(t, module);
    }
    for (const [t, file] of Object.entries(infrastructureTables)) ownerOf.set(t, file);
    for (const t of tables) {
      const entry = personalTables[t.name];
      if (!entry) continue;
      expect(entry.owner, t.name).toBe(ownerOf.get(t.exportName));
      if ('omitted' in entry.export)
        expect(entry.export.omitted.length, t.name).toBeGreaterThan(10);
      for (const [c, column] of Object.entries(entry.personal)) {
        if (column.export === 'withheld') expect(column.why, `${t.name}.${c}`).toBeTruthy();
      }
    }
  });
});
