import { assertPaise, divideRoundHalfUp, percentToBasisPoints } from './rounding.ts';

/** The tax inside a GST-inclusive amount, in paise: taxable + cgst + sgst + igst = amount. */
export interface GstSplit {
  /** The GST-inclusive amount the split was made from. */
  amountPaise: number;
  taxablePaise: number;
  /** cgst + sgst + igst. */
  taxPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * Whether a supply is inside one state (CGST + SGST) or between states (IGST): the place of
 * supply of goods delivered to a shopper is the shipping address, so it is intra-state when the
 * shipping state's GST code equals the store's. Codes are compared as 2-digit text.
 */
export function isIntraStateSupply(storeStateCode: string, shippingStateCode: string): boolean {
  return storeStateCode.trim().padStart(2, '0') === shippingStateCode.trim().padStart(2, '0');
}

/**
 * The GST inside a tax-inclusive amount (Indian consumer prices include GST), in whole paise.
 *
 * One rounding rule: the taxable value is amount x 100 / (100 + rate), rounded half up to whole
 * paise; the tax is the rest (amount - taxable), so the two always add up to the amount. Inside
 * one state the tax is split in halves, CGST the lower half (floor) and SGST the rest, so an odd
 * paisa goes to SGST and the halves add up exactly; between states it is all IGST.
 *
 * Each line is split on its own and order totals are sums of the lines (see `sumGstSplits`), so
 * an invoice's lines add up to its totals. Throws RangeError for a malformed amount or rate.
 */
export function splitInclusiveGst(
  amountPaise: number,
  ratePercent: number,
  intraState: boolean,
): GstSplit {
  assertPaise('Amount', amountPaise);
  const basisPoints = percentToBasisPoints(ratePercent, 'GST rate');
  const taxablePaise = divideRoundHalfUp(amountPaise * 10_000, 10_000 + basisPoints);
  const taxPaise = amountPaise - taxablePaise;
  if (!intraState) {
    return { amountPaise, taxablePaise, taxPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: taxPaise };
  }
  const cgstPaise = Math.floor(taxPaise / 2);
  return {
    amountPaise,
    taxablePaise,
    taxPaise,
    cgstPaise,
    sgstPaise: taxPaise - cgstPaise,
    igstPaise: 0,
  };
}

/** The sum of several splits, field by field (an order's tax totals). */
export function sumGstSplits(splits: readonly GstSplit[]): GstSplit {
  const total: GstSplit = {
    amountPaise: 0,
    taxablePaise: 0,
    taxPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
  };
  for (const s of splits) {
    total.amountPaise += s.amountPaise;
    total.taxablePaise += s.taxablePaise;
    total.taxPaise += s.taxPaise;
    total.cgstPaise += s.cgstPaise;
    total.sgstPaise += s.sgstPaise;
    total.igstPaise += s.igstPaise;
  }
  return total;
}
