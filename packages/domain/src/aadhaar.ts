/**
 * Aadhaar numbers (accounts-checkout-payments §5, §9): 12 digits, the last a Verhoeff check
 * digit (UIDAI). Numbers never start with 0 or 1. Shown only masked: `XXXX XXXX 1234`.
 */

export const AADHAAR_LENGTH = 12;

// Verhoeff tables: d (dihedral group D5 multiplication) and p (position permutation).
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

function checksum(digits: string, offset: number): number {
  let c = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    c = D[c]![P[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/** The Verhoeff check digit to append to a string of digits. */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new RangeError('Digits only');
  return INV[checksum(digits, 1)]!;
}

/** Whether a string of digits ends in its correct Verhoeff check digit. */
export function verhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && checksum(digits, 0) === 0;
}

export type AadhaarProblem = 'required' | 'length' | 'checksum';

/**
 * Checks an Aadhaar number as typed (spaces allowed between groups): 12 digits, not starting
 * with 0 or 1, with a valid Verhoeff check digit. Answers the digits or what is wrong.
 */
export function checkAadhaar(
  input: string,
): { ok: true; digits: string } | { ok: false; problem: AadhaarProblem } {
  const digits = input.replace(/\s+/g, '');
  if (digits === '') return { ok: false, problem: 'required' };
  if (!/^\d{12}$/.test(digits)) return { ok: false, problem: 'length' };
  if (digits[0] === '0' || digits[0] === '1' || !verhoeffValid(digits)) {
    return { ok: false, problem: 'checksum' };
  }
  return { ok: true, digits };
}

/** `XXXX XXXX 1234`: only the last four digits (or the given last four) shown. */
export function maskAadhaar(digitsOrLast4: string): string {
  return `XXXX XXXX ${digitsOrLast4.slice(-4)}`;
}
