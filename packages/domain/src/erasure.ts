/**
 * When a shopper's erasure must be done (DPDP Act 2023 s.12(3); issue 61 item 3). The Rules
 * 2025 (rule 14(3)) give a Data Fiduciary at most 90 days to answer a Data Principal's request;
 * an erasure waiting for an open order runs anyway once its due date is a day away.
 */

/** Days from a request to its due date (DPDP Rules 2025 rule 14(3)). */
export const ERASURE_DUE_DAYS = 90;
/** How long before the due date a waiting erasure runs even with orders still open. */
export const ERASURE_RUN_ANYWAY_MS = 24 * 60 * 60 * 1000;

/** The day by which the erasure requested at `requestedAt` must be done. */
export function erasureDueAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + ERASURE_DUE_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * Whether a waiting erasure runs now: when no open order needs the data, or when its due date
 * is at most a day away (then the open orders' data goes too, except what a law holds).
 */
export function erasureRunsNow(openOrders: number, dueAt: Date, now: Date): boolean {
  return openOrders === 0 || dueAt.getTime() - now.getTime() <= ERASURE_RUN_ANYWAY_MS;
}
