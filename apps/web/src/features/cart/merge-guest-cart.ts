import type { CartLine } from '@shop/contracts';
import { variationLabel } from '@shop/domain';
import { serverMessage } from '../../lib/api-request.ts';
import { isDuplicateError } from './api/cart-errors.ts';

/** Why a guest line was not added when the server gave no reason (no answer, or none in it). */
export const MERGE_NOT_ADDED = 'it could not be added just now. Please add it again.';

/** A guest line the server cart did not take, and why (the server's message when it sent one). */
export interface RefusedLine {
  line: CartLine;
  reason: string;
}

/** What became of the guest lines: the skus done, and the lines refused with their reasons. */
export interface MergeOutcome {
  done: string[];
  refused: RefusedLine[];
}

/**
 * After login (accounts-checkout-payments §4): each guest line is pushed to the server cart, one
 * after the other. A line the server took, or already had (duplicate), is done; a line that
 * failed in any other way stays in the guest cart and is reported with why (issue 59 item 8: the
 * shopper is told which line was not added).
 */
export async function mergeGuestLines(
  lines: readonly CartLine[],
  push: (line: CartLine) => Promise<{ isError: boolean; msg: string }>,
): Promise<MergeOutcome> {
  const done: string[] = [];
  const refused: RefusedLine[] = [];
  for (const line of lines) {
    try {
      const res = await push(line);
      if (!res.isError) done.push(line.product_sku);
      else refused.push({ line, reason: res.msg || MERGE_NOT_ADDED });
    } catch (error) {
      if (isDuplicateError(error)) done.push(line.product_sku);
      else refused.push({ line, reason: serverMessage(error, MERGE_NOT_ADDED) });
    }
  }
  return { done, refused };
}

/** The shopper's notice of a refused line: "Tee (M) was not added to your cart: Only 1 left." */
export function refusedNotice({ line, reason }: RefusedLine): string {
  const variation = line.typeofsimple || variationLabel(line.variation_attributes);
  const label = variation ? `${line.product_name} (${variation})` : line.product_name;
  return `${label} was not added to your cart: ${reason}`;
}
