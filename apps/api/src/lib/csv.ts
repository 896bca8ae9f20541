import { stringify } from 'csv-stringify/sync';

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Quotes, then a formula character: `csvSafe` adds one more `'`, `csvUnsafe` takes it off. */
const QUOTED_FORMULA = /^'+[=+\-@\t\r]/;

/**
 * A text cell made safe to open in a spreadsheet: a leading formula character gets a `'` (so
 * do `'`s before one, so that reading the cell back with `csvUnsafe` is exact).
 */
export function csvSafe(value: string): string {
  return FORMULA_START.test(value) || QUOTED_FORMULA.test(value) ? `'${value}` : value;
}

/**
 * A CSV file (RFC 4180 quoting by csv-stringify, CRLF line ends, a UTF-8 byte-order mark so
 * spreadsheet apps read ₹ and Indian names right) with a header row; every text cell passes
 * through `csvSafe`, numbers are written as they are, null and undefined as empty cells.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  const safe = rows.map((r) =>
    r.map((c) => (c == null ? '' : typeof c === 'string' ? csvSafe(c) : c)),
  );
  return (
    '\uFEFF' +
    stringify([[...header], ...safe], {
      record_delimiter: 'windows',
      // A new line inside a cell is quoted too (the default only quotes the record delimiter).
      quoted_match: /[\r\n]/,
    })
  );
}

/** A cell as it was before `csvSafe`: a `'` before a formula character is taken off again. */
export function csvUnsafe(value: string): string {
  return QUOTED_FORMULA.test(value) ? value.slice(1) : value;
}
