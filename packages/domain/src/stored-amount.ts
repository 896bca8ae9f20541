import { formatInr, type Paise } from './money.ts';

/**
 * The largest amount of paise the database stores in one amount column (a PostgreSQL
 * `integer`): ₹2,14,74,836.47. Totals above it are refused, never truncated or wrapped.
 */
export const MAX_STORED_PAISE: Paise = 2_147_483_647;

/** Whether a whole, non-negative amount of paise fits an amount column. */
export function fitsStoredAmount(paise: Paise): boolean {
  return Number.isSafeInteger(paise) && paise >= 0 && paise <= MAX_STORED_PAISE;
}

/** The message for a total above MAX_STORED_PAISE, e.g. tooLargeAmountMessage('quote'). */
export function tooLargeAmountMessage(noun: string): string {
  return `This ${noun} comes to more than ${formatInr(MAX_STORED_PAISE)}, the most one ${noun} can hold. Please lower a quantity or split it into several ${noun}s.`;
}
