/**
 * A personal data breach and the two texts the Digital Personal Data Protection Rules, 2025
 * (rule 7) ask of the shop (the Data Fiduciary) once it knows of one:
 * - to each affected shopper, without delay: what happened (nature, extent, timing, where),
 *   what may follow for them, what the shop has done, what they can do to protect themselves,
 *   and whom to ask (rule 7(1));
 * - to the Data Protection Board, without delay a first intimation, and within 72 hours of
 *   becoming aware (or longer where the Board allows) the detailed report: an updated
 *   description, the facts and reasons, the measures taken, what is known of who caused it, the
 *   remedies, and a report of the shoppers told (rule 7(2)).
 * The app drafts both from what the owner recorded; the owner reads, edits and sends them.
 */

/** The kinds of personal data a breach can touch, as the owner ticks them. */
export const BREACH_DATA_KINDS = [
  { key: 'names', label: 'Names' },
  { key: 'emails', label: 'Email addresses' },
  { key: 'phones', label: 'Mobile numbers' },
  { key: 'addresses', label: 'Postal addresses' },
  { key: 'orders', label: 'Order history' },
  { key: 'payments', label: 'Payment details (UTR, payment ids)' },
  { key: 'passwords', label: 'Passwords (hashed)' },
  { key: 'children', label: "Children's details (academy admissions)" },
  { key: 'aadhaar', label: 'Aadhaar numbers' },
  { key: 'gstins', label: 'GST numbers' },
] as const;
export type BreachDataKind = (typeof BREACH_DATA_KINDS)[number]['key'];

export const BREACH_DATA_KIND_KEYS = BREACH_DATA_KINDS.map((k) => k.key) as [
  BreachDataKind,
  ...BreachDataKind[],
];

/** The Board's detailed report is due this long after the shop became aware (rule 7(2)(b)). */
export const BREACH_REPORT_HOURS = 72;

/** What the owner records of a breach. */
export interface BreachRecord {
  /** What happened, in the owner's words. */
  description: string;
  /** When it happened, if known (ISO); when the shop found out (ISO). */
  occurredAt: string | null;
  foundAt: string;
  dataKinds: readonly BreachDataKind[];
  /** How many people it touches (the owner's best count). */
  peopleAffected: number;
  /** What the shop has done to stop it and limit the harm. */
  measures: string;
}

/** Who the notices come from: the shop and the person who answers questions about the data. */
export interface BreachShop {
  name: string;
  legalName: string;
  email: string;
  phone: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
}

export interface BreachDrafts {
  /** When the detailed report to the Board is due (ISO). */
  boardReportDueAt: string;
  shopperNotice: { subject: string; text: string };
  boardReport: { subject: string; text: string };
}

/** The Board's report is due 72 hours after the shop found out. */
export function breachReportDueAt(foundAt: string): string {
  return new Date(Date.parse(foundAt) + BREACH_REPORT_HOURS * 3_600_000).toISOString();
}

const labelOf = (kind: BreachDataKind) =>
  BREACH_DATA_KINDS.find((k) => k.key === kind)?.label ?? kind;

/** "7 Dec 2026, 14:05 IST": times in India's time zone, as the shop and the Board read them. */
function istTime(iso: string): string {
  return `${new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso))} IST`;
}

/** What each kind of data lets someone do, and what a shopper can do about it. */
const ADVICE: Partial<Record<BreachDataKind, string>> = {
  emails: 'Be wary of emails that claim to be from us and ask you to pay or sign in by a link.',
  phones:
    'Be wary of calls and messages that claim to be from us; we never ask for an OTP, PIN or card number.',
  passwords:
    'Change your password for this shop, and anywhere else you used the same one. Passwords are stored hashed, not as written, but change it all the same.',
  payments:
    'Check your bank and UPI statements for payments you did not make, and tell your bank at once if you find one.',
  aadhaar:
    'You can lock your Aadhaar biometrics and check its use history at myaadhaar.uidai.gov.in.',
  addresses: 'Be wary of parcels or visitors you did not expect.',
};

/** The two drafts for a recorded breach (plain text: the owner may edit before sending). */
export function draftBreachNotices(breach: BreachRecord, shop: BreachShop): BreachDrafts {
  const shopName = shop.legalName || shop.name;
  const kinds = breach.dataKinds.map(labelOf);
  const kindsLine = kinds.length ? kinds.join(', ') : 'not yet known';
  const when = breach.occurredAt ? istTime(breach.occurredAt) : 'not yet known';
  const contact = [
    shop.contactName || shop.name,
    shop.contactEmail || shop.email,
    shop.contactPhone || shop.phone,
  ]
    .filter(Boolean)
    .join(', ');
  const advice = breach.dataKinds.map((k) => ADVICE[k]).filter(Boolean);
  const shopperText = [
    `Dear customer,`,
    ``,
    `We are writing to tell you about a personal data breach at ${shop.name} that may affect you.`,
    ``,
    `What happened: ${breach.description}`,
    `When: ${when} (we found out on ${istTime(breach.foundAt)}).`,
    `Which of your data: ${kindsLine}.`,
    ``,
    `What we have done: ${breach.measures || 'We are investigating and will write again.'}`,
    ``,
    `What you can do:`,
    ...(advice.length ? advice : ['Be wary of messages that claim to be from us.']).map(
      (a) => `- ${a}`,
    ),
    ``,
    `Questions: ${contact}.`,
    `You may also complain to the Data Protection Board of India.`,
    ``,
    shopName,
  ].join('\n');
  const boardText = [
    `Intimation of personal data breach under rule 7(2) of the Digital Personal Data Protection Rules, 2025`,
    ``,
    `Data Fiduciary: ${shopName}${shop.legalName && shop.legalName !== shop.name ? ` (trading as ${shop.name})` : ''}`,
    `Contact: ${contact}`,
    ``,
    `1. Description (nature, extent, timing, location): ${breach.description}`,
    `   Occurred: ${when}. Became aware: ${istTime(breach.foundAt)}.`,
    `   Personal data affected: ${kindsLine}.`,
    `   Data Principals affected (estimated): ${breach.peopleAffected}.`,
    `2. Broad facts, circumstances and reasons: [Fill in]`,
    `3. Measures taken to mitigate the risk: ${breach.measures || '[Fill in]'}`,
    `4. Findings on the person who caused the breach: [Fill in]`,
    `5. Remedial measures taken to prevent recurrence: [Fill in]`,
    `6. Intimations given to affected Data Principals: [Fill in: how many told, when, how]`,
  ].join('\n');
  return {
    boardReportDueAt: breachReportDueAt(breach.foundAt),
    shopperNotice: { subject: `Important: a data breach at ${shop.name}`, text: shopperText },
    boardReport: {
      subject: `Personal data breach report: ${shopName}, found ${istTime(breach.foundAt)}`,
      text: boardText,
    },
  };
}
