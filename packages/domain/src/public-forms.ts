/** Rules of the public contact and enquiry forms (accounts-checkout-payments §5, §8, §9). */

/** The contact message's most characters. */
export const CONTACT_MESSAGE_MAX_LENGTH = 500;
/** The enquiry message's most characters (the spec sets none; a bound all the same). */
export const ENQUIRY_MESSAGE_MAX_LENGTH = 2000;
/** A name's most characters on the public forms. */
export const FORM_NAME_MAX_LENGTH = 120;

export const PUBLIC_FORM_MESSAGES = {
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  phoneRequired: 'Phone is required.',
  messageTooLong: `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters.`,
  enquiryTooLong: `Message must be at most ${ENQUIRY_MESSAGE_MAX_LENGTH} characters.`,
  contactSent: 'Thank you for contacting!',
  contactFailed: 'Something went wrong. Please try again.',
  enquirySent: 'Enquiry Sent',
} as const;

/**
 * The contact message's counter: "n/500", red once the message reaches the limit (the counter
 * turns red at 500, not above it: the box never holds more).
 */
export function messageCounter(
  length: number,
  max: number = CONTACT_MESSAGE_MAX_LENGTH,
): { text: string; atLimit: boolean } {
  return { text: `${length}/${max}`, atLimit: length >= max };
}

/** "+91 98200 12345": a 10-digit mobile as the contact block shows it. */
export function displayIndianPhone(mobile: string): string {
  const d = mobile.replace(/\D/g, '').slice(-10);
  return d.length === 10 ? `+91 ${d.slice(0, 5)} ${d.slice(5)}` : mobile;
}

/**
 * Whether `s` is a real calendar date written YYYY-MM-DD, years 0001-9999 (an enquiry's date of
 * birth, kept in a date column: 2019-02-30 or year 0000 would be refused by the database).
 */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  // Day 0 of the next month is the month's last day (UTC; setUTCFullYear keeps years < 100).
  const last = new Date(0);
  last.setUTCFullYear(y, mo, 0);
  return d <= last.getUTCDate();
}
