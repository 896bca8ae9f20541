import { gstRatePercent, type GstRateRule } from './gst-rate.ts';
import { splitInclusiveGst, sumGstSplits, type GstSplit } from './gst-tax.ts';
import { payOnDeliveryAdvance } from './pay-on-delivery-advance.ts';
import { effectivePricePaise } from './pricing.ts';
import { assertPaise } from './rounding.ts';

/** One line as the catalogue prices it (per-piece prices are GST-inclusive paise). */
export interface SummaryLineInput {
  listPricePaise: number;
  /** The stored sale price; it counts only when 0 < sale < list (see `effectivePricePaise`). */
  salePricePaise: number;
  quantity: number;
  gstRule: GstRateRule;
  /** Courses are not delivered: they never make an order pay delivery. */
  isCourse: boolean;
}

export interface SummaryLine {
  unitPricePaise: number;
  quantity: number;
  /** list price x quantity. */
  beforeDiscountPaise: number;
  /** effective price x quantity. */
  salePaise: number;
  /** This line's share of the coupon discount. */
  couponSharePaise: number;
  /** salePaise - couponSharePaise: what the line is sold for, GST included. */
  amountPaise: number;
  gstRatePercent: number;
  gst: GstSplit;
}

export interface OrderSummary {
  lines: SummaryLine[];
  /** The spec's amountbeforediscount: list prices x quantities. */
  amountBeforeDiscountPaise: number;
  /** Effective prices x quantities, before the coupon. */
  saleTotalPaise: number;
  /** The spec's discountprice (coupon). */
  couponDiscountPaise: number;
  /**
   * The spec's amountafterdiscount, the one definition every answer, the stored order, the
   * invoice and the emails use: the lines at their sale prices less the coupon (sale total -
   * coupon discount), that is the sum of the lines' `amountPaise`. Delivery is not in it.
   */
  amountAfterDiscountPaise: number;
  deliveryChargePaise: number;
  /** The GST inside the delivery charge; null when delivery is free. */
  deliveryGst: { ratePercent: number; gst: GstSplit } | null;
  /** amount after discount + delivery: what the order costs, GST included. */
  totalPaise: number;
  /** The GST of the whole order (lines and delivery), included in the total. */
  gst: GstSplit;
  /** Pay on delivery: the advance paid online (0: none); pay now: null. */
  advancePaise: number | null;
  /** What the gateway is asked for now: the total (pay now) or the advance (pay on delivery). */
  payNowPaise: number;
  /** The spec's remaining_amount: paid on delivery; 0 for pay now. */
  remainingPaise: number;
}

/**
 * Shares `amount` out over `weights` in proportion, in whole paise that add up to `amount`:
 * each gets the floor of its exact share, and the paise left go one each to the largest
 * remainders (earlier lines first on ties). All weights 0: all shares 0 (amount must be 0 then).
 */
export function allocateProportionally(amount: number, weights: readonly number[]): number[] {
  assertPaise('Amount to allocate', amount);
  const total = weights.reduce((sum, w) => {
    assertPaise('Weight', w);
    return sum + w;
  }, 0);
  if (total === 0) {
    if (amount !== 0) throw new RangeError('Cannot allocate an amount over zero weights');
    return weights.map(() => 0);
  }
  if (amount > total) throw new RangeError('Cannot allocate more than the weights add up to');
  const shares = weights.map((w) => {
    const product = amount * w;
    if (!Number.isSafeInteger(product)) throw new RangeError('Amount too large to allocate');
    return { floor: Math.floor(product / total), remainder: product % total };
  });
  let left = amount - shares.reduce((sum, s) => sum + s.floor, 0);
  const order = shares
    .map((s, index) => ({ index, remainder: s.remainder }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const result = shares.map((s) => s.floor);
  for (const { index } of order) {
    if (left === 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result;
}

/**
 * The order summary the checkout shows and the order stores, in integer paise:
 * sale lines -> coupon discount -> delivery charge -> total (GST included) -> advance.
 *
 * - Each line is sold at its effective price (sale when 0 < sale < list) x quantity; its GST rate
 *   comes from its rule at that per-piece price (before the coupon).
 * - The coupon discount (from `applyCoupon`, capped at the sale total) lowers what each line is
 *   sold for, shared out in proportion to the lines' sale amounts (`allocateProportionally`), and
 *   each line's GST is taken from its discounted amount (`splitInclusiveGst`).
 * - The delivery charge (from `deliveryCharge`) is GST-inclusive too and is taxed at the rate of
 *   the order's principal supply: the goods line (not a course) with the largest amount, the
 *   higher rate on a tie.
 * - amount after discount = sale total - discount (the lines' amounts added up);
 *   total = amount after discount + delivery; the order's GST is the sum of the lines' and the
 *   delivery's.
 * - `advancePercent` null: pay now, the whole total now. A number: pay on delivery with
 *   `payOnDeliveryAdvance` (whole rupees; 0 % asks nothing now).
 *
 * Throws RangeError for no lines, a quantity that is not an integer >= 1, malformed amounts, or a
 * delivery charge on an order of courses only.
 */
export function composeOrderSummary(input: {
  lines: readonly SummaryLineInput[];
  couponDiscountPaise: number;
  deliveryChargePaise: number;
  /** The shipping state is the store's state (see `isIntraStateSupply`). */
  intraState: boolean;
  advancePercent: number | null;
}): OrderSummary {
  const { intraState } = input;
  if (input.lines.length === 0) throw new RangeError('An order needs at least one line');
  assertPaise('Coupon discount', input.couponDiscountPaise);
  assertPaise('Delivery charge', input.deliveryChargePaise);

  const priced = input.lines.map((line) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(
        `Quantity must be an integer of at least 1, got ${String(line.quantity)}`,
      );
    }
    assertPaise('List price', line.listPricePaise);
    const unitPricePaise = effectivePricePaise(line.listPricePaise, line.salePricePaise);
    assertPaise('Sale price', unitPricePaise);
    return {
      unitPricePaise,
      quantity: line.quantity,
      beforeDiscountPaise: line.listPricePaise * line.quantity,
      salePaise: unitPricePaise * line.quantity,
      gstRatePercent: gstRatePercent(line.gstRule, unitPricePaise),
      isCourse: line.isCourse,
    };
  });

  const saleTotalPaise = priced.reduce((sum, l) => sum + l.salePaise, 0);
  const couponDiscountPaise = Math.min(input.couponDiscountPaise, saleTotalPaise);
  const couponShares = allocateProportionally(
    couponDiscountPaise,
    priced.map((l) => l.salePaise),
  );
  const lines: SummaryLine[] = priced.map((l, i) => {
    const couponSharePaise = couponShares[i]!;
    const amountPaise = l.salePaise - couponSharePaise;
    return {
      unitPricePaise: l.unitPricePaise,
      quantity: l.quantity,
      beforeDiscountPaise: l.beforeDiscountPaise,
      salePaise: l.salePaise,
      couponSharePaise,
      amountPaise,
      gstRatePercent: l.gstRatePercent,
      gst: splitInclusiveGst(amountPaise, l.gstRatePercent, intraState),
    };
  });

  const deliveryChargePaise = input.deliveryChargePaise;
  let deliveryGst: OrderSummary['deliveryGst'] = null;
  if (deliveryChargePaise > 0) {
    const principal = lines
      .map((line, i) => ({ line, isCourse: priced[i]!.isCourse }))
      .filter((l) => !l.isCourse)
      .sort(
        (a, b) =>
          b.line.amountPaise - a.line.amountPaise || b.line.gstRatePercent - a.line.gstRatePercent,
      )[0];
    if (!principal) throw new RangeError('Courses never pay delivery');
    const ratePercent = principal.line.gstRatePercent;
    deliveryGst = {
      ratePercent,
      gst: splitInclusiveGst(deliveryChargePaise, ratePercent, intraState),
    };
  }

  const amountAfterDiscountPaise = saleTotalPaise - couponDiscountPaise;
  const totalPaise = amountAfterDiscountPaise + deliveryChargePaise;
  const gst = sumGstSplits([...lines.map((l) => l.gst), ...(deliveryGst ? [deliveryGst.gst] : [])]);

  let advancePaise: number | null = null;
  let payNowPaise = totalPaise;
  let remainingPaise = 0;
  if (input.advancePercent !== null) {
    const advance = payOnDeliveryAdvance(totalPaise, input.advancePercent);
    advancePaise = advance.advancePaise;
    payNowPaise = advance.advancePaise;
    remainingPaise = advance.remainingPaise;
  }

  return {
    lines,
    amountBeforeDiscountPaise: priced.reduce((sum, l) => sum + l.beforeDiscountPaise, 0),
    saleTotalPaise,
    couponDiscountPaise,
    amountAfterDiscountPaise,
    deliveryChargePaise,
    deliveryGst,
    totalPaise,
    gst,
    advancePaise,
    payNowPaise,
    remainingPaise,
  };
}

/**
 * The savings a bill shows beside the summary's figures (a quote or a stored order): the product
 * discount (list prices less sale prices: before discount - coupon - after discount) and what was
 * saved in all (before discount - after discount: product and coupon discounts; the delivery
 * charge is not a saving lost). Never negative.
 */
export function billSavings(figures: {
  amountBeforeDiscountPaise: number;
  couponDiscountPaise: number;
  amountAfterDiscountPaise: number;
}): { productDiscountPaise: number; savedPaise: number } {
  const { amountBeforeDiscountPaise: before, amountAfterDiscountPaise: after } = figures;
  return {
    productDiscountPaise: Math.max(0, before - figures.couponDiscountPaise - after),
    savedPaise: Math.max(0, before - after),
  };
}
