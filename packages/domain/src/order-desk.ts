import type { OrderStatus, PaymentMode, PaymentStatus } from './order-statuses.ts';
import { IST_OFFSET_MS } from './payment-time.ts';
import { isOrderPaidEnoughToShip } from './order-transitions.ts';

/** What decides whether an order is fully paid and whether its remainder may be collected. */
export interface OrderPaymentFacts {
  orderStatus: OrderStatus;
  paymentMode: PaymentMode;
  paymentStatus: PaymentStatus;
  /** Taken online before shipping: the total (Pay now) or the advance (0 when none). */
  payNowPaise: number;
  /** Due at the door (Pay on delivery), 0 for Pay now. */
  remainingPaise: number;
  /** Whether the remainder has been collected at delivery. */
  collected: boolean;
}

/**
 * Fully paid: the online part arrived ("Success") and nothing is left to collect (Pay now, or
 * the remainder was collected at the door). The orders desk's "paid" filter is this rule in SQL
 * (see the orders desk repository); an order being refunded is not paid.
 */
export function isOrderFullyPaid(
  f: Pick<OrderPaymentFacts, 'paymentStatus' | 'remainingPaise' | 'collected'>,
): boolean {
  return f.paymentStatus === 'Success' && (f.remainingPaise === 0 || f.collected);
}

/** The statuses at which a courier may hand over the cash: at the door or after. */
export const COLLECT_STATUSES = [
  'Out for delivery',
  'Delivered',
] as const satisfies readonly OrderStatus[];

export const COLLECT_MESSAGES = {
  notOnDelivery: 'Only a pay-on-delivery order has an amount to collect at delivery.',
  nothingLeft: 'Nothing is left to collect on this order.',
  already: 'The remaining amount of this order was already collected.',
  notYet: (s: OrderStatus) =>
    `The order is ${s}: the remaining amount is collected when it is out for delivery or delivered.`,
  advanceUnpaid: 'The advance of this order has not been paid.',
} as const;

export type CollectDecision = { ok: true; amountPaise: number } | { ok: false; reason: string };

/**
 * Whether the remaining amount of an order may be marked collected now: a pay-on-delivery order
 * whose advance (if any) is paid, out for delivery or delivered, with something left, once.
 */
export function decideCollect(f: OrderPaymentFacts): CollectDecision {
  if (f.paymentMode !== 'Pay on delivery')
    return { ok: false, reason: COLLECT_MESSAGES.notOnDelivery };
  if (f.collected) return { ok: false, reason: COLLECT_MESSAGES.already };
  if (f.remainingPaise <= 0) return { ok: false, reason: COLLECT_MESSAGES.nothingLeft };
  if (!(COLLECT_STATUSES as readonly OrderStatus[]).includes(f.orderStatus)) {
    return { ok: false, reason: COLLECT_MESSAGES.notYet(f.orderStatus) };
  }
  if (!isOrderPaidEnoughToShip(f)) return { ok: false, reason: COLLECT_MESSAGES.advanceUnpaid };
  return { ok: true, amountPaise: f.remainingPaise };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The first instant of an India-time calendar day ("2026-11-23" → 2026-11-22T18:30:00Z); null
 * for something that is not a real YYYY-MM-DD date.
 */
export function istDayStart(day: string): Date | null {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  const utcMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const check = new Date(utcMidnight);
  if (check.getUTCDate() !== Number(m[3]) || check.getUTCMonth() !== Number(m[2]) - 1) return null;
  return new Date(utcMidnight - IST_OFFSET_MS);
}

/**
 * The instants [from, before) covering India-time days `fromDay` to `toDay`, both included;
 * either end may be missing. Null when a day is not a real date.
 */
export function istDayRange(
  fromDay: string | undefined,
  toDay: string | undefined,
): { from: Date | null; before: Date | null } | null {
  const from = fromDay ? istDayStart(fromDay) : null;
  const to = toDay ? istDayStart(toDay) : null;
  if ((fromDay && !from) || (toDay && !to)) return null;
  return { from, before: to ? new Date(to.getTime() + DAY_MS) : null };
}

/** The India-time calendar day of an instant, as YYYY-MM-DD. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
