import { normalizeMobile } from './mobile.ts';

/**
 * What the admin inbox holds: contact-form leads, enquiries, quote requests, admissions, and
 * shoppers' requests to erase their data (issue 61 item 3).
 */
export const INBOX_KINDS = ['lead', 'enquiry', 'quote', 'admission', 'erasure'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Where an inbox item stands; every item starts `new`. */
export const INBOX_STATUSES = ['new', 'contacted', 'closed'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  lead: 'Contact message',
  enquiry: 'Enquiry',
  quote: 'Quote request',
  admission: 'Admission',
  erasure: 'Erasure request',
};

/** The kinds' names in the plural (the inbox's filter chips). */
export const INBOX_KIND_PLURAL_LABELS: Record<InboxKind, string> = {
  lead: 'Contact messages',
  enquiry: 'Enquiries',
  quote: 'Quote requests',
  admission: 'Admissions',
  erasure: 'Erasure requests',
};

export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  closed: 'Closed',
};

/**
 * One-tap links to the sender of an inbox item: a `tel:` link with the +91 number and a
 * WhatsApp link (`https://wa.me/91XXXXXXXXXX?text=…`), the number normalised by the mobile
 * rules. Null links when the number is not a 10-digit Indian mobile.
 */
export function senderLinks(
  mobile: string,
  greeting: string,
): { tel: string | null; whatsapp: string | null } {
  const digits = normalizeMobile(mobile);
  if (digits.length !== 10) return { tel: null, whatsapp: null };
  return {
    tel: `tel:+91${digits}`,
    whatsapp: `https://wa.me/91${digits}?text=${encodeURIComponent(greeting)}`,
  };
}

/** The WhatsApp message an inbox reply starts with. */
export function inboxGreeting(senderName: string, storeName: string, kind: InboxKind): string {
  const first = senderName.trim().split(/\s+/)[0] || 'there';
  const about = {
    lead: 'your message',
    enquiry: 'your enquiry',
    quote: 'your quote request',
    admission: 'your admission form',
    erasure: 'your request to erase your data',
  }[kind];
  return `Hello ${first}, this is ${storeName} about ${about}.`;
}

/**
 * The start (inclusive) of the IST day and of the IST calendar month an instant falls in, and of
 * the next month, as instants. IST is UTC+05:30 all year, so the boundaries are plain offsets.
 */
export function istDayAndMonthStart(now: Date): {
  dayStart: Date;
  monthStart: Date;
  nextMonthStart: Date;
} {
  const offset = (5 * 60 + 30) * 60_000;
  const ist = new Date(now.getTime() + offset);
  const y = ist.getUTCFullYear();
  const m = ist.getUTCMonth();
  return {
    dayStart: new Date(Date.UTC(y, m, ist.getUTCDate()) - offset),
    monthStart: new Date(Date.UTC(y, m, 1) - offset),
    nextMonthStart: new Date(Date.UTC(y, m + 1, 1) - offset),
  };
}
