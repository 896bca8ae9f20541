/**
 * GST tax-document numbering (CGST Rule 46(b)): a number of at most 16 characters, of letters,
 * digits, '/' and '-', consecutive and unique per financial year (April to March). India keeps
 * one time zone (IST, UTC+05:30, no daylight saving), so the financial year and the document date
 * are read in IST whatever the server's zone.
 */
import { IST_OFFSET_MS } from './payment-time.ts';

/** The series a store numbers: tax invoices and credit notes each count from 1 every year. */
export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/** The prefix of each series. */
export const TAX_DOCUMENT_PREFIX: Record<TaxDocumentKind, string> = {
  invoice: 'INV',
  credit_note: 'CN',
};

/** Rule 46(b): at most 16 characters. */
export const TAX_DOCUMENT_NUMBER_MAX_LENGTH = 16;
/** The running number's digits: up to 999,999 documents of a kind per store per year. */
const SEQUENCE_DIGITS = 6;
const SEQUENCE_MAX = 10 ** SEQUENCE_DIGITS - 1;
const NUMBER_FORMAT = /^[A-Za-z0-9/-]{1,16}$/;

/** The calendar date and time of an instant in IST. */
export function istParts(at: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
} {
  const t = at.getTime();
  if (!Number.isFinite(t)) throw new RangeError('Invalid date');
  const ist = new Date(t + IST_OFFSET_MS);
  return {
    year: ist.getUTCFullYear(),
    month: ist.getUTCMonth() + 1,
    day: ist.getUTCDate(),
    hour: ist.getUTCHours(),
    minute: ist.getUTCMinutes(),
  };
}

/** An instant's IST date as DD-MM-YYYY (the date printed on an invoice). */
export function istDate(at: Date): string {
  const p = istParts(at);
  return `${String(p.day).padStart(2, '0')}-${String(p.month).padStart(2, '0')}-${p.year}`;
}

export interface FinancialYear {
  /** The calendar year it starts in (1 April, IST). */
  startYear: number;
  /** Four digits, the last two of each calendar year: "2627" for 2026-27. */
  code: string;
  /** "2026-27". */
  label: string;
}

/** The Indian financial year (1 April 00:00 IST to 31 March 23:59:59.999 IST) of an instant. */
export function financialYearOf(at: Date): FinancialYear {
  const { year, month } = istParts(at);
  const startYear = month >= 4 ? year : year - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return {
    startYear,
    code: `${yy(startYear)}${yy(startYear + 1)}`,
    label: `${startYear}-${yy(startYear + 1)}`,
  };
}

/** Whether text is a valid Rule 46 document number: 1 to 16 of letters, digits, '/' and '-'. */
export function isValidTaxDocumentNumber(value: string): boolean {
  return NUMBER_FORMAT.test(value);
}

/**
 * The number of the `sequence`-th document of a kind in a financial year:
 * `INV/2627/000123`, `CN/2627/000004`. Throws RangeError for a sequence outside 1..999999.
 */
export function formatTaxDocumentNumber(
  kind: TaxDocumentKind,
  year: FinancialYear,
  sequence: number,
): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > SEQUENCE_MAX) {
    throw new RangeError(`Document sequence must be 1 to ${SEQUENCE_MAX}, got ${sequence}`);
  }
  const value = `${TAX_DOCUMENT_PREFIX[kind]}/${year.code}/${String(sequence).padStart(SEQUENCE_DIGITS, '0')}`;
  if (!isValidTaxDocumentNumber(value) || value.length > TAX_DOCUMENT_NUMBER_MAX_LENGTH) {
    throw new RangeError(`Not a valid document number: ${value}`);
  }
  return value;
}
