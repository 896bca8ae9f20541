import type { AdminCoupon } from '@shop/contracts';
import { inr } from '../../lib/format.ts';
import { typedNumber } from '../lib/typed-number.ts';

/** The coupon form's boxes as typed. */
export interface Draft {
  code: string;
  kind: 'percentage' | 'fixed';
  amount: string;
  minimum: string;
  maxDiscount: string;
  usageLimit: string;
  perCustomer: string;
  start: string;
  end: string;
  active: boolean;
}

export const EMPTY: Draft = {
  code: '',
  kind: 'percentage',
  amount: '',
  minimum: '',
  maxDiscount: '',
  usageLimit: '',
  perCustomer: '',
  start: '',
  end: '',
  active: true,
};

/** "2026-11-23T10:00" (a local datetime-local value) from an ISO moment, in the browser's zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const draftOf = (c: AdminCoupon): Draft => ({
  code: c.code,
  kind: c.percentage_offer !== null ? 'percentage' : 'fixed',
  amount: String(c.percentage_offer ?? c.price_offer ?? ''),
  minimum: c.minimum_sale_total ? String(c.minimum_sale_total) : '',
  maxDiscount: c.max_discount === null ? '' : String(c.max_discount),
  usageLimit: c.total_usage_limit === null ? '' : String(c.total_usage_limit),
  perCustomer: c.per_customer_limit === null ? '' : String(c.per_customer_limit),
  start: localInput(c.start_date),
  end: localInput(c.end_date),
  active: c.active,
});

const num = (s: string) => typedNumber(s, null);

export type DraftField = Exclude<keyof Draft, 'kind'>;
export type Problems = Partial<Record<DraftField, string>>;

/** The draft's box of each field the API names in an error. */
export const FIELD_OF: Record<string, DraftField> = {
  code: 'code',
  percentage_offer: 'amount',
  price_offer: 'amount',
  max_discount: 'maxDiscount',
  minimum_sale_total: 'minimum',
  total_usage_limit: 'usageLimit',
  per_customer_limit: 'perCustomer',
  start_date: 'start',
  end_date: 'end',
  active: 'active',
};

/** What the form can tell before sending, in plain words, each beside its box. */
export function draftProblems(d: Draft): Problems {
  const out: Problems = {};
  if (!d.code.trim()) out.code = 'Enter a code.';
  const numbers: [DraftField, string][] = [
    ['amount', d.amount],
    ['minimum', d.minimum],
    ['maxDiscount', d.kind === 'percentage' ? d.maxDiscount : ''],
    ['usageLimit', d.usageLimit],
    ['perCustomer', d.perCustomer],
  ];
  for (const [field, value] of numbers) {
    if (!Number.isFinite(typedNumber(value, 0))) {
      out[field] = 'Enter a number, like 100.';
    }
  }
  if (!out.amount && d.amount.trim() === '') {
    out.amount = d.kind === 'percentage' ? 'Enter the percent off.' : 'Enter the amount off.';
  }
  return out;
}
const when = (s: string) => (s ? new Date(s).toISOString() : null);

/** The API's body for a draft. */
export function bodyOf(d: Draft) {
  return {
    code: d.code.trim(),
    percentage_offer: d.kind === 'percentage' ? num(d.amount) : null,
    price_offer: d.kind === 'fixed' ? num(d.amount) : null,
    max_discount: d.kind === 'percentage' ? num(d.maxDiscount) : null,
    minimum_sale_total: num(d.minimum) ?? 0,
    total_usage_limit: num(d.usageLimit),
    per_customer_limit: num(d.perCustomer),
    start_date: when(d.start),
    end_date: when(d.end),
    active: d.active,
  };
}

/** A coupon's offer in words: "10% off (at most ₹200)", "₹100 off". */
export const offerText = (c: AdminCoupon) =>
  c.percentage_offer !== null
    ? `${String(c.percentage_offer)}% off${c.max_discount !== null ? ` (at most ${inr(c.max_discount)})` : ''}`
    : `${inr(c.price_offer ?? 0)} off`;
