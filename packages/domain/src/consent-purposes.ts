/**
 * What a shopper may consent to under the DPDP Act 2023 (issue 61 item 2): the uses of personal
 * data an order does not need. An order's address, phone and email are the contract's own use
 * and need no consent; these do, each asked for unticked and withdrawable at any time.
 */
export const CONSENT_PURPOSES = [
  'marketing_email',
  'whatsapp_updates',
  'push',
  'course_photos',
] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The forms a consent is given on (where the box was ticked). */
export const CONSENT_SOURCES = [
  'sign_up',
  'privacy_page',
  'checkout',
  'push_opt_in',
  'admission',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** Whether a value names a purpose (an unknown one is refused, naming the field). */
export function isConsentPurpose(value: string): value is ConsentPurpose {
  return (CONSENT_PURPOSES as readonly string[]).includes(value);
}

/** A purpose in the shopper's words: what it covers, and what stops when it is withdrawn. */
export const CONSENT_PURPOSE_TEXT: Record<
  ConsentPurpose,
  { label: string; covers: string; stops: string }
> = {
  marketing_email: {
    label: 'Offers by email',
    covers: 'Emails about new products and offers. Order emails are sent either way.',
    stops: 'No offer emails are sent to you from now on.',
  },
  whatsapp_updates: {
    label: 'Order updates on WhatsApp',
    covers: 'Messages on WhatsApp when your order moves.',
    stops: 'No WhatsApp messages are sent to you from now on.',
  },
  push: {
    label: 'Updates on this phone (push)',
    covers: 'Notifications on the phones where you chose "Get updates on this phone".',
    stops: 'Your phones are forgotten and no notifications are sent to them from now on.',
  },
  course_photos: {
    label: "Photos of your child's course",
    covers: 'The academy may take and share photos of classes your child attends.',
    stops: 'The academy is told not to take or share photos of your child from now on.',
  },
};
