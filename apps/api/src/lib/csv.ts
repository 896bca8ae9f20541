import { stringify } from 'csv-stringify/sync';

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe to open in a spreadsheet: a leading formula character gets a `'`. */
export function csvSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
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
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
