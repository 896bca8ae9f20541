/** The message for a mobile number that is not 10 digits (accounts-checkout-payments §5). */
export const MOBILE_INVALID_MESSAGE = 'Please enter a valid 10-digit mobile number.';

const MOBILE_LENGTH = 10;

/**
 * The longest a mobile box takes while typing: room for "+91 98200-12345", "0091 98200 12345"
 * or "(+91) 98200 12345" as people write them, which normalizeMobile then reads.
 */
export const MOBILE_INPUT_MAX_LENGTH = 20;

/**
 * What a mobile box keeps while typing: digits and the signs people write numbers with (+,
 * spaces, dashes, brackets, dots), at most MOBILE_INPUT_MAX_LENGTH characters. The box is never
 * cut to 10 digits while typing: "+91 98200 12345" has 12 digits until normalizeMobile removes
 * the 91 (cutting it earlier made "9198200123" of it).
 */
export function mobileInput(value: string): string {
  return value.replace(NOT_IN_A_NUMBER, '').slice(0, MOBILE_INPUT_MAX_LENGTH);
}

/** A character people do not write a phone number with (see mobileInput). */
const NOT_IN_A_NUMBER = /[^\d+\-\s().]/g;

/**
 * Whether text is written as a phone number: digits and only the signs people write numbers
 * with (a search box's "98200 54321" is; a name or an email with digits in it is not).
 */
export function writtenAsNumber(text: string): boolean {
  return /\d/.test(text) && text.replace(NOT_IN_A_NUMBER, '') === text;
}

/**
 * Normalises an Indian mobile number (catalogue-and-cart §5, accounts-checkout-payments §5):
 * 1. strip every non-digit (spaces, dashes, '+', brackets, letters);
 * 2. remove a leading "00" international prefix when it is followed by 91 and the digits are
 *    longer than 10 (so '0091 98765 43210' becomes 9876543210; without this step the spec's rules
 *    would turn it into the wrong number 0919876543);
 * 3. remove a leading 91 when the digits are longer than 10 (this also covers a leading +91);
 * 4. remove a leading 0.
 * The spec then cuts the digits to 10; that is not done (docs/spec-deviations.md): a number
 * with a digit too many is refused by validateMobile instead of silently becoming another
 * number. The result may be shorter or longer than 10 digits; see validateMobile.
 */
export function normalizeMobile(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length > MOBILE_LENGTH && digits.startsWith('0091')) digits = digits.slice(2);
  if (digits.length > MOBILE_LENGTH && digits.startsWith('91')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

/** Valid only when the normalised number has exactly 10 digits (too few or too many: refused). */
export function validateMobile(
  input: string,
): { ok: true; mobile: string } | { ok: false; message: string } {
  const mobile = normalizeMobile(input);
  return mobile.length === MOBILE_LENGTH
    ? { ok: true, mobile }
    : { ok: false, message: MOBILE_INVALID_MESSAGE };
}
