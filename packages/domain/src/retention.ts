/**
 * How long the shop keeps each kind of personal data (DPDP Act 2023 s.8(7) and Rules 2025 rule 8:
 * erase once the purpose is served, unless a law requires keeping it), in one place. `erasedBy`
 * says what erases it: the daily retention job (apps/api/src/modules/retention) or nothing yet
 * (a later part of issue 61). docs/privacy.md shows this table.
 */
export interface RetentionRule {
  kind: RetentionKind;
  /** What is kept, in the owner's words. */
  what: string;
  /** Kept this many days after `from`. */
  keepDays: number;
  from: string;
  why: string;
  erasedBy: 'daily job' | 'not yet';
}

export type RetentionKind =
  'codes' | 'sessions' | 'staff_invites' | 'enquiries' | 'inactive_accounts' | 'invoices';

const DAY_MS = 86_400_000;

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    kind: 'codes',
    what: 'Sign-up, sign-in and password-reset codes (hashed) with the email they went to',
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
    what: 'Enquiries, contact messages and quote requests',
    keepDays: 730,
    from: 'they were sent',
    why: 'answered long before; the owner will be able to set this',
    erasedBy: 'not yet',
  },
  {
    kind: 'inactive_accounts',
    what: 'Accounts not signed into (erased after an email 48 hours before)',
    keepDays: 1095,
    from: 'the last sign-in',
    why: 'the purpose (buying again) is taken as served; the owner will be able to set this',
    erasedBy: 'not yet',
  },
  {
    kind: 'invoices',
    what: 'GST invoices and the order records behind them',
    keepDays: 2920,
    from: 'the invoice (72 months from the due date of the annual return)',
    why: 'CGST Act 2017 s.36 with rule 56: kept whatever the shopper asks, for tax use only',
    erasedBy: 'not yet',
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
