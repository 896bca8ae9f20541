import { describe, expect, it } from 'vitest';
import {
  financialYearOf,
  formatTaxDocumentNumber,
  istDate,
  isValidTaxDocumentNumber,
  TAX_DOCUMENT_NUMBER_MAX_LENGTH,
} from './gst-invoice-number.ts';

describe('financialYearOf (IST, April to March)', () => {
  it('31 March 23:59 IST is the old year, 1 April 00:00 IST the new one', () => {
    // 31 March 2027 23:59 IST = 18:29 UTC; 1 April 2027 00:00 IST = 31 March 18:30 UTC.
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z')).code).toBe('2627');
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z')).code).toBe('2728');
    expect(financialYearOf(new Date('2027-03-31T18:30:00.000Z')).label).toBe('2027-28');
  });
  it('reads the date in IST, not UTC', () => {
    // 1 April 02:00 IST is still 31 March in UTC.
    expect(financialYearOf(new Date('2026-03-31T20:30:00Z')).startYear).toBe(2026);
    expect(financialYearOf(new Date('2026-11-23T10:00:00Z'))).toEqual({
      startYear: 2026,
      code: '2627',
      label: '2026-27',
    });
    expect(financialYearOf(new Date('2027-01-15T10:00:00Z')).code).toBe('2627');
  });
  it('wraps the century and refuses an invalid date', () => {
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z')).code).toBe('9900');
    expect(() => financialYearOf(new Date('nope'))).toThrow(RangeError);
  });
});

describe('istDate', () => {
  it('prints the IST calendar date', () => {
    expect(istDate(new Date('2027-03-31T18:30:00Z'))).toBe('01-04-2027');
    expect(istDate(new Date('2027-03-31T18:29:00Z'))).toBe('31-03-2027');
  });
});

describe('formatTaxDocumentNumber', () => {
  const fy = financialYearOf(new Date('2026-11-23T10:00:00Z'));
  it('numbers each series with its prefix, the year and six digits', () => {
    expect(formatTaxDocumentNumber('invoice', fy, 123)).toBe('INV/2627/000123');
    expect(formatTaxDocumentNumber('credit_note', fy, 1)).toBe('CN/2627/000001');
  });
  it('stays within 16 characters of letters, digits, / and -', () => {
    const longest = formatTaxDocumentNumber('invoice', fy, 999_999);
    expect(longest.length).toBeLessThanOrEqual(TAX_DOCUMENT_NUMBER_MAX_LENGTH);
    expect(isValidTaxDocumentNumber(longest)).toBe(true);
  });
  it('refuses a sequence outside 1..999999', () => {
    for (const bad of [0, -1, 1.5, 1_000_000, Number.NaN]) {
      expect(() => formatTaxDocumentNumber('invoice', fy, bad)).toThrow(RangeError);
    }
  });
  it('validates numbers', () => {
    expect(isValidTaxDocumentNumber('INV/2627/000001')).toBe(true);
    expect(isValidTaxDocumentNumber('INV 2627')).toBe(false);
    expect(isValidTaxDocumentNumber('INV_1')).toBe(false);
    expect(isValidTaxDocumentNumber('A'.repeat(17))).toBe(false);
    expect(isValidTaxDocumentNumber('')).toBe(false);
  });
});
