import { describe, expect, it } from 'vitest';
import { applyCoupon } from './coupon.ts';
import { deliveryCharge } from './delivery-charge.ts';
import {
  allocateProportionally,
  billSavings,
  composeOrderSummary,
  type SummaryLineInput,
} from './order-summary.ts';

const apparel = { ratePercent: 5, above: { unitPricePaise: 250000, ratePercent: 18 } };
const skates = { ratePercent: 5 };
const course = { ratePercent: 18 };

const tee: SummaryLineInput = {
  listPricePaise: 129900,
  salePricePaise: 99900,
  quantity: 2,
  gstRule: apparel,
  isCourse: false,
};
const jacket: SummaryLineInput = {
  listPricePaise: 349900,
  salePricePaise: 0,
  quantity: 1,
  gstRule: apparel,
  isCourse: false,
};
const skatesLine: SummaryLineInput = {
  listPricePaise: 450000,
  salePricePaise: 399900,
  quantity: 1,
  gstRule: skates,
  isCourse: false,
};
const courseLine: SummaryLineInput = {
  listPricePaise: 300000,
  salePricePaise: 0,
  quantity: 1,
  gstRule: course,
  isCourse: true,
};

describe('allocateProportionally', () => {
  it('shares in proportion and adds up exactly', () => {
    expect(allocateProportionally(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(allocateProportionally(100, [100, 100, 200])).toEqual([25, 25, 50]);
    expect(allocateProportionally(10, [30, 30, 40])).toEqual([3, 3, 4]);
    expect(allocateProportionally(0, [5, 7])).toEqual([0, 0]);
    expect(allocateProportionally(0, [0, 0])).toEqual([0, 0]);
    expect(allocateProportionally(7, [0, 10])).toEqual([0, 7]);
  });

  it('gives the left-over paise to the largest remainders', () => {
    // 10 over 10:20:40 -> 1.43, 2.86, 5.71 -> floors 1, 2, 5 (8); +1 to 2.86 and +1 to 5.71.
    expect(allocateProportionally(10, [10, 20, 40])).toEqual([1, 3, 6]);
    // Ties go to the earlier line: 1 over 3 equal weights.
    expect(allocateProportionally(1, [5, 5, 5])).toEqual([1, 0, 0]);
  });

  it('adds up for many cases and never gives a line more than its weight', () => {
    for (let amount = 0; amount <= 300; amount += 7) {
      const weights = [101, 37, 0, 162];
      const shares = allocateProportionally(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
      shares.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i]!));
    }
  });

  it('rejects impossible allocations', () => {
    expect(() => allocateProportionally(5, [0, 0])).toThrow(RangeError);
    expect(() => allocateProportionally(11, [5, 5])).toThrow(RangeError);
    expect(() => allocateProportionally(1, [-1, 2])).toThrow('Weight');
  });
});

describe('composeOrderSummary', () => {
  it('prices a pay-now order without coupon or delivery', () => {
    const s = composeOrderSummary({
      lines: [tee],
      couponDiscountPaise: 0,
      deliveryChargePaise: 0,
      intraState: true,
      advancePercent: null,
    });
    expect(s.amountBeforeDiscountPaise).toBe(259800);
    expect(s.saleTotalPaise).toBe(199800);
    expect(s.totalPaise).toBe(199800);
    expect(s.lines[0]).toMatchObject({
      unitPricePaise: 99900,
      gstRatePercent: 5,
      amountPaise: 199800,
    });
    // 199800 / 1.05 = 190285.71 -> 190286; tax 9514 = 4757 + 4757.
    expect(s.gst).toEqual({
      amountPaise: 199800,
      taxablePaise: 190286,
      taxPaise: 9514,
      cgstPaise: 4757,
      sgstPaise: 4757,
      igstPaise: 0,
    });
    expect(s.deliveryGst).toBeNull();
    expect(s).toMatchObject({ advancePaise: null, payNowPaise: 199800, remainingPaise: 0 });
  });

  it('uses the higher apparel rate above ₹2,500 a piece', () => {
    const s = composeOrderSummary({
      lines: [jacket],
      couponDiscountPaise: 0,
      deliveryChargePaise: 0,
      intraState: false,
      advancePercent: null,
    });
    expect(s.lines[0]!.gstRatePercent).toBe(18);
    // 349900 / 1.18 = 296525.42 -> 296525.
    expect(s.gst).toMatchObject({
      taxablePaise: 296525,
      taxPaise: 53375,
      igstPaise: 53375,
      cgstPaise: 0,
    });
  });

  it('shares the coupon over the lines, taxes what is left, and adds taxed delivery', () => {
    const coupon = applyCoupon({
      enteredCode: 'save10',
      coupon: {
        code: 'SAVE10',
        offer: { type: 'percentage', percent: 10, maxDiscountPaise: null },
        active: true,
        startsAt: null,
        endsAt: null,
        minSaleTotalPaise: 0,
        usageLimit: null,
        perCustomerLimit: null,
      },
      saleTotalPaise: 599700,
      now: new Date(),
      usage: { total: 0, byCustomer: 0 },
    });
    if (!coupon.ok) throw new Error(coupon.message);
    expect(coupon.discountPaise).toBe(59970);
    const delivery = deliveryCharge({
      needsDelivery: true,
      distanceKm: 7.6,
      saleTotalPaise: 599700,
      bands: [
        { minKm: 0, maxKm: 5, pricePaise: 4000, active: true },
        { minKm: 5, maxKm: 15, pricePaise: 8000, active: true },
      ],
      freeBands: [],
    });
    if (!delivery.deliverable) throw new Error(delivery.reason);
    const s = composeOrderSummary({
      lines: [tee, skatesLine],
      couponDiscountPaise: coupon.discountPaise,
      deliveryChargePaise: delivery.chargePaise,
      intraState: true,
      advancePercent: 20,
    });
    expect(s.saleTotalPaise).toBe(599700);
    expect(s.lines.map((l) => l.couponSharePaise)).toEqual([19980, 39990]);
    expect(s.lines.map((l) => l.amountPaise)).toEqual([179820, 359910]);
    expect(s.couponDiscountPaise).toBe(59970);
    expect(s.deliveryChargePaise).toBe(8000);
    // Skates (the larger goods line) set the delivery rate: 5 %.
    expect(s.deliveryGst).toEqual({
      ratePercent: 5,
      gst: {
        amountPaise: 8000,
        taxablePaise: 7619,
        taxPaise: 381,
        cgstPaise: 190,
        sgstPaise: 191,
        igstPaise: 0,
      },
    });
    expect(s.totalPaise).toBe(599700 - 59970 + 8000);
    expect(s.gst.amountPaise).toBe(s.totalPaise);
    expect(s.gst.taxablePaise + s.gst.taxPaise).toBe(s.totalPaise);
    expect(s.gst.cgstPaise + s.gst.sgstPaise).toBe(s.gst.taxPaise);
    // Pay on delivery at 20 %: ₹5,477.30 x 20 % = ₹1,095.46 -> ₹1,095.
    expect(s).toMatchObject({
      advancePaise: 109500,
      payNowPaise: 109500,
      remainingPaise: 547730 - 109500,
    });
  });

  it('takes the amount after discount from the sale prices, not the list prices', () => {
    // Tees listed at ₹1,299 sell at ₹999 (x2), skates listed at ₹4,500 sell at ₹3,999; ₹100 off.
    const s = composeOrderSummary({
      lines: [tee, skatesLine],
      couponDiscountPaise: 10000,
      deliveryChargePaise: 4000,
      intraState: true,
      advancePercent: null,
    });
    expect(s.amountBeforeDiscountPaise).toBe(2 * 129900 + 450000);
    expect(s.saleTotalPaise).toBe(2 * 99900 + 399900);
    expect(s.amountAfterDiscountPaise).toBe(2 * 99900 + 399900 - 10000);
    expect(s.amountAfterDiscountPaise).not.toBe(s.amountBeforeDiscountPaise - 10000);
    expect(s.amountAfterDiscountPaise).toBe(s.lines.reduce((sum, l) => sum + l.amountPaise, 0));
    expect(s.totalPaise).toBe(s.amountAfterDiscountPaise + 4000);
  });

  it('caps the coupon at the sale total', () => {
    const s = composeOrderSummary({
      lines: [courseLine],
      couponDiscountPaise: 999999,
      deliveryChargePaise: 0,
      intraState: true,
      advancePercent: null,
    });
    expect(s).toMatchObject({
      couponDiscountPaise: 300000,
      amountAfterDiscountPaise: 0,
      totalPaise: 0,
      payNowPaise: 0,
    });
    expect(s.gst.taxPaise).toBe(0);
  });

  it('takes the higher rate for delivery when goods lines tie, and never a course', () => {
    const a = { ...skatesLine, listPricePaise: 100000, salePricePaise: 0 };
    const b = { ...jacket, listPricePaise: 100000, gstRule: { ratePercent: 12 } };
    const big = { ...courseLine, listPricePaise: 900000 };
    const s = composeOrderSummary({
      lines: [a, b, big],
      couponDiscountPaise: 0,
      deliveryChargePaise: 5000,
      intraState: false,
      advancePercent: null,
    });
    expect(s.deliveryGst?.ratePercent).toBe(12);
  });

  it('takes no advance at 0 % on delivery', () => {
    const s = composeOrderSummary({
      lines: [tee],
      couponDiscountPaise: 0,
      deliveryChargePaise: 0,
      intraState: true,
      advancePercent: 0,
    });
    expect(s).toMatchObject({ advancePaise: 0, payNowPaise: 0, remainingPaise: 199800 });
  });

  it('rejects what cannot be an order', () => {
    const base = {
      couponDiscountPaise: 0,
      deliveryChargePaise: 0,
      intraState: true,
      advancePercent: null,
    };
    expect(() => composeOrderSummary({ ...base, lines: [] })).toThrow('at least one line');
    expect(() => composeOrderSummary({ ...base, lines: [{ ...tee, quantity: 0 }] })).toThrow(
      'Quantity',
    );
    expect(() => composeOrderSummary({ ...base, lines: [{ ...tee, quantity: 1.5 }] })).toThrow(
      'Quantity',
    );
    expect(() => composeOrderSummary({ ...base, lines: [{ ...tee, listPricePaise: -1 }] })).toThrow(
      'List price',
    );
    expect(() => composeOrderSummary({ ...base, lines: [tee], couponDiscountPaise: -1 })).toThrow(
      'Coupon discount',
    );
    expect(() =>
      composeOrderSummary({ ...base, lines: [courseLine], deliveryChargePaise: 4000 }),
    ).toThrow('Courses never pay delivery');
  });
});

describe('billSavings', () => {
  it('tells the product discount from the coupon', () => {
    const s = composeOrderSummary({
      lines: [tee],
      couponDiscountPaise: 10000,
      deliveryChargePaise: 0,
      intraState: true,
      advancePercent: null,
    });
    expect(billSavings({ ...s })).toEqual({
      productDiscountPaise: 2 * (129900 - 99900),
      savedPaise: 2 * (129900 - 99900) + 10000,
    });
  });

  it('is zero with neither a sale nor a coupon, and never negative', () => {
    const none = { amountBeforeDiscountPaise: 5000, couponDiscountPaise: 0 };
    expect(billSavings({ ...none, amountAfterDiscountPaise: 5000 })).toEqual({
      productDiscountPaise: 0,
      savedPaise: 0,
    });
    expect(billSavings({ ...none, amountAfterDiscountPaise: 6000 })).toEqual({
      productDiscountPaise: 0,
      savedPaise: 0,
    });
  });
});
