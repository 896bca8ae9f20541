/** Rules for emails, passwords and one-time codes (accounts-checkout-payments §5, §9). */

export const PASSWORD_MIN_LENGTH = 6;
/** The longest password accepted: argon2 hashes anything, but a megabyte body is an attack. */
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;

export const MESSAGES = {
  invalidEmail: 'Invalid email address.',
  invalidEmailReset: 'Please enter a valid email address.',
  passwordTooShortLogin: 'Password must be at least 6 characters long.',
  passwordTooShort: 'Password must be at least 6 characters.',
  passwordsDoNotMatch: 'Passwords do not match.',
  otpIncomplete: 'Please enter all 6 digits of OTP',
} as const;

/** Emails are compared trimmed and lower-cased, so one person has one account per store. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * An email as shown to whoever may not know it yet: the first letter of the name and the whole
 * domain ("a•••@example.com"), so its owner recognises it and a bystander learns little.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** The registration check: the email contains "@" and "." ("Invalid email address."). */
export function looksLikeEmail(email: string): boolean {
  const e = email.trim();
  return e.includes('@') && e.includes('.');
}

/**
 * The basic email pattern of the reset screen, also what the server accepts everywhere:
 * something@something.something, no spaces.
 */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}

export function isLongEnoughPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

/** Six digits, nothing else. */
export function isCompleteOtp(otp: string): boolean {
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp);
}

/**
 * The OTP boxes after a keystroke or paste into box `index`: digits only, one per box; a paste
 * of several digits fills the boxes from `index` on. Returns the new boxes and the box to focus.
 */
export function fillOtpBoxes(
  boxes: readonly string[],
  index: number,
  typed: string,
): { boxes: string[]; focus: number } {
  const next = [...boxes];
  const digits = typed.replace(/\D/g, '');
  if (digits.length === 0) {
    next[index] = '';
    return { boxes: next, focus: index };
  }
  let i = index;
  for (const d of digits) {
    if (i >= next.length) break;
    next[i] = d;
    i++;
  }
  return { boxes: next, focus: Math.min(i, next.length - 1) };
}
