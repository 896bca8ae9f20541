/**
 * How long the shop keeps each kind of personal data (DPDP Act 2023 s.8(7) and Rules 2025 rule 8:
 * erase once the purpose is served, unless a law requires keeping it), in one place (issue 61
 * item 5). `erasedBy` says what erases it; docs/privacy.md shows this table. The daily job uses
 * these periods, except the `settable` ones, which each store's owner sets (defaults here).
 */
export interface RetentionRule {
  kind: RetentionKind;
  /** What is kept, in the owner's words. */
  what: string;
  /** Kept this many days after `from` (the default, for a period the owner sets). */
  keepDays: number;
  from: string;
  why: string;
  /**
   * What erases it: the daily retention job (apps/api/src/modules/retention), the rate
   * limiter's hourly prune (plugins/rate-limiter.ts), or nothing because it is kept (`kept`).
   */
  erasedBy: 'daily job' | 'hourly prune' | 'kept';
  /** The owner sets the period in Admin → Settings → Privacy (per store). */
  settable?: true;
}

export type RetentionKind =
  | 'codes'
  | 'sessions'
  | 'staff_invites'
  | 'enquiries'
  | 'inactive_accounts'
  | 'guest_counters'
  | 'processing_logs'
  | 'withdrawn_consents'
  | 'erasure_records'
  | 'invoices';

const DAY_MS = 86_400_000;

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    kind: 'codes',
    what: "Sign-up, sign-in and password-reset codes (hashed) with the email they went to, a guest's unfinished sign-up too",
    keepDays: 1,
    from: 'the code expires',
    why: 'a code is of no use once expired; a day leaves the limits of the hour that sent it',
    erasedBy: 'daily job',
  },
  {
    kind: 'sessions',
    what: 'Sessions (refresh tokens, hashed), signed out or not',
    keepDays: 30,
    from: 'the session expires',
    why: 'an expired token is refused anyway; a month keeps the recent ones for a security question',
    erasedBy: 'daily job',
  },
  {
    kind: 'staff_invites',
    what: "Staff invites (the invitee's email, the code hashed)",
    keepDays: 30,
    from: 'the invite expires',
    why: 'an expired invite cannot be accepted',
    erasedBy: 'daily job',
  },
  {
    kind: 'enquiries',
    what: "Enquiries, contact messages and quote requests (a guest's too), with the shop's email notices of them and the inbox's notes on them",
    keepDays: 730,
    from: 'they were sent',
    why: 'answered long before; the owner sets the period (180 days to 10 years)',
    erasedBy: 'daily job',
    settable: true,
  },
  {
    kind: 'inactive_accounts',
    what: 'Customer accounts not signed into (erased as on request, after an email 48 hours before; never staff or owners)',
    keepDays: 1095,
    from: 'the last sign-in or session refresh',
    why: 'the purpose (buying again) is taken as served; the owner sets the period (180 days to 10 years)',
    erasedBy: 'daily job',
    settable: true,
  },
  {
    kind: 'guest_counters',
    what: "Abuse counters keyed by a visitor's IP address or a typed email (rate limits)",
    keepDays: 1,
    from: 'the counting window starts',
    why: 'a window lasts at most an hour; nothing else a guest sends is kept outside the rules above',
    erasedBy: 'hourly prune',
  },
  {
    kind: 'processing_logs',
    what: 'The audit log of staff writes (with what they changed) and the log of Aadhaar numbers revealed',
    keepDays: 365,
    from: 'the entry',
    why: 'DPDP Rules 2025 rule 6(1)(e) and rule 8(3): logs of processing kept one year to investigate misuse; then their purpose is served',
    erasedBy: 'daily job',
  },
  {
    kind: 'withdrawn_consents',
    what: 'A consent once withdrawn (purpose, notice version, when given and withdrawn); a standing consent is kept while it stands',
    keepDays: 365,
    from: 'the withdrawal',
    why: 'the proof that processing had consent (Act s.6(10)), kept a year like the logs of that processing',
    erasedBy: 'daily job',
  },
  {
    kind: 'erasure_records',
    what: 'Erasure requests: when asked and done, what each table gave up (counts), of an anonymised account',
    keepDays: 2920,
    from: 'the erasure',
    why: "the shop's proof that it erased (Act s.12(3)); it names no one once the account is anonymised, and goes with the account row",
    erasedBy: 'kept',
  },
  {
    kind: 'invoices',
    what: 'GST invoices and the order records behind them',
    keepDays: 2920,
    from: 'the invoice (72 months from the due date of the annual return)',
    why: 'CGST Act 2017 s.36 with rule 56: kept whatever the shopper asks, for tax use only',
    erasedBy: 'kept',
  },
];

/** The rule of a kind. */
export function retentionRule(kind: RetentionKind): RetentionRule {
  const rule = RETENTION_RULES.find((r) => r.kind === kind);
  if (!rule) throw new Error(`no retention rule for ${kind}`);
  return rule;
}

/**
 * What started its clock before this moment has passed its period at `now`: the rule's days, or
 * `days` the owner set for the store (the settable kinds, `RETENTION_SETTABLE`).
 */
export function retentionCutoff(kind: RetentionKind, now: Date, days?: number): Date {
  return new Date(now.getTime() - (days ?? retentionRule(kind).keepDays) * DAY_MS);
}

/** The periods the owner sets in Admin → Settings → Privacy (issue 61 item 5), in days. */
export const RETENTION_SETTABLE = {
  /** At least six months: an enquiry is still answered and followed up within it. */
  minDays: 180,
  /** At most ten years. */
  maxDays: 3650,
} as const;

/** An inactive account is emailed this long before it is erased, and erased no sooner after. */
export const INACTIVITY_WARNING_MS = 48 * 3_600_000;

/**
 * When the daily job emails an inactive customer account (period − 48 hours without a sign-in)
 * and when it erases one (the full period without a sign-in, and warned at least 48 hours ago):
 * the cutoffs on `last_active_at` and `inactivity_warned_at` at `now`.
 */
export function inactivityCutoffs(now: Date, days: number) {
  const erase = retentionCutoff('inactive_accounts', now, days);
  return {
    warnActiveBefore: new Date(erase.getTime() + INACTIVITY_WARNING_MS),
    eraseActiveBefore: erase,
    eraseWarnedBefore: new Date(now.getTime() - INACTIVITY_WARNING_MS),
  };
}

/** The day named in the warning: not before 48 hours after it, nor before the period's end. */
export function inactiveErasureDate(warnedAt: Date, lastActiveAt: Date, days: number): Date {
  return new Date(
    Math.max(warnedAt.getTime() + INACTIVITY_WARNING_MS, lastActiveAt.getTime() + days * DAY_MS),
  );
}
