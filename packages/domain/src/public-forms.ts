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

/** The spec's enquiry fields that have no column of their own yet (issue 28 item 4). */
export interface EnquiryDetails {
  parentName: string;
  /** YYYY-MM-DD, or '' when not given. */
  dob: string;
  age: number | null;
}

/** The line that carries an enquiry's details at the end of its stored remark. */
const ENQUIRY_DETAILS_MARK = '[enquiry details] ';

/**
 * The remark as stored: the shopper's message, then (when any detail was given) one line
 * `[enquiry details] {"parent_name":…,"dob":…,"age":…}`. The inquiries table has no columns for
 * parent_name, dob and age yet, so they travel in `remark`; `readEnquiryRemark` takes them out
 * again. JSON keeps any name or message text unambiguous.
 */
export function enquiryRemark(message: string, d: EnquiryDetails): string {
  if (d.parentName === '' && d.dob === '' && d.age === null) return message;
  const details = JSON.stringify({ parent_name: d.parentName, dob: d.dob, age: d.age });
  return `${message}${message === '' ? '' : '\n\n'}${ENQUIRY_DETAILS_MARK}${details}`;
}

/** The message and details of a stored remark (a remark without a details line: none). */
export function readEnquiryRemark(stored: string): { message: string } & EnquiryDetails {
  const none = { message: stored, parentName: '', dob: '', age: null };
  const at = stored.lastIndexOf(ENQUIRY_DETAILS_MARK);
  if (at < 0 || (at > 0 && stored[at - 1] !== '\n')) return none;
  const rest = stored.slice(at + ENQUIRY_DETAILS_MARK.length);
  if (rest.includes('\n')) return none;
  let parsed: unknown;
  try {
    parsed = JSON.parse(rest);
  } catch {
    return none;
  }
  if (!parsed || typeof parsed !== 'object') return none;
  const p = parsed as Record<string, unknown>;
  return {
    message: stored.slice(0, at).replace(/\n+$/, ''),
    parentName: typeof p.parent_name === 'string' ? p.parent_name : '',
    dob: typeof p.dob === 'string' ? p.dob : '',
    age: typeof p.age === 'number' && Number.isInteger(p.age) ? p.age : null,
  };
}
