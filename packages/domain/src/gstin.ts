import { gstStateByCode } from './gst-states.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, a letter), entity number, 'Z', check character. */
const SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN's check character: the GST portal's mod-36 scheme over its first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const product = ALPHABET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET.charAt((36 - (sum % 36)) % 36);
}

/** Upper case without spaces: what a GSTIN typed as " 27aapfu0939f1zv " is stored as. */
export const normalizeGstin = (gstin: string): string => gstin.replace(/\s+/g, '').toUpperCase();

export type GstinCheck =
  | { ok: true; gstin: string; stateCode: string; stateName: string }
  | { ok: false; message: string };

/**
 * Checks a GSTIN as the GST portal would before accepting it: 15 characters of the right
 * shape, a state code in force and the check character. Returns the normalised GSTIN and its
 * state, or the reason it is not valid.
 */
export function checkGstin(input: string): GstinCheck {
  const gstin = normalizeGstin(input);
  if (gstin.length !== 15) return { ok: false, message: 'A GSTIN has 15 characters.' };
  if (!SHAPE.test(gstin)) {
    return {
      ok: false,
      message:
        'This is not a GSTIN: 2 digits of the state, the 10-character PAN, a digit or letter, Z and a check character.',
    };
  }
  const state = gstStateByCode(gstin.slice(0, 2));
  if (!state) return { ok: false, message: `${gstin.slice(0, 2)} is not a GST state code.` };
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) {
    return { ok: false, message: 'This GSTIN’s last character does not match: check for a typo.' };
  }
  return { ok: true, gstin, stateCode: state.code, stateName: state.name };
}

/** What the account and checkout take as a customer's GST number: empty, or 15 letters and digits. */
export const CUSTOMER_GST_NO = /^$|^[0-9A-Z]{15}$/;
export const CUSTOMER_GST_NO_MESSAGE = 'A GST number has 15 letters and digits.';

/** The reason a typed customer GST number is refused (trimmed, upper case), or null. */
export const customerGstNoProblem = (typed: string): string | null =>
  CUSTOMER_GST_NO.test(typed.trim().toUpperCase()) ? null : CUSTOMER_GST_NO_MESSAGE;
