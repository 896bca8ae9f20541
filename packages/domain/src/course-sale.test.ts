import { describe, expect, it } from 'vitest';
import {
  coursesOnly,
  goodsDeliveryRange,
  hasCourse,
  PAY_AT_ACADEMY_LABEL,
  payButtonsForLines,
  payOnDeliveryAllowed,
} from './course-sale.ts';

const course = { course: true, delivery_days: 0 };
const helmet = { course: false, delivery_days: 3 };
const buttons = [
  { button_id: 'paynow', label: 'Pay now' },
  { button_id: 'payondelivery', label: 'Pay on delivery' },
];

describe('course lines', () => {
  it('tells a course cart, a mixed cart and goods apart', () => {
    expect(hasCourse([helmet])).toBe(false);
    expect(hasCourse([helmet, course])).toBe(true);
    expect(coursesOnly([course])).toBe(true);
    expect(coursesOnly([course, helmet])).toBe(false);
    expect(coursesOnly([])).toBe(false);
  });
});

describe('payOnDeliveryAllowed', () => {
  it('allows goods alone whatever the setting', () => {
    expect(payOnDeliveryAllowed([helmet], false)).toBe(true);
  });
  it('refuses a course, alone or with goods, unless the shop takes payment at the academy', () => {
    expect(payOnDeliveryAllowed([course], false)).toBe(false);
    expect(payOnDeliveryAllowed([helmet, course], false)).toBe(false);
    expect(payOnDeliveryAllowed([course], true)).toBe(true);
    expect(payOnDeliveryAllowed([helmet, course], true)).toBe(true);
  });
});

describe('payButtonsForLines', () => {
  it('leaves pay on delivery out for a course when the academy takes no payment', () => {
    expect(payButtonsForLines(buttons, [course], false).map((b) => b.button_id)).toEqual([
      'paynow',
    ]);
  });
  it('names it "Pay at the academy" for courses only', () => {
    expect(payButtonsForLines(buttons, [course], true).map((b) => b.label)).toEqual([
      'Pay now',
      PAY_AT_ACADEMY_LABEL,
    ]);
  });
  it('keeps "Pay on delivery" for goods, and for goods with a course', () => {
    expect(payButtonsForLines(buttons, [helmet], false)).toEqual(buttons);
    expect(payButtonsForLines(buttons, [helmet, course], true)).toEqual(buttons);
  });
});

describe('goodsDeliveryRange', () => {
  const today = new Date(2026, 11, 7, 15, 0);
  it('has no estimate for courses only', () => {
    expect(goodsDeliveryRange([{ course: true, delivery_days: 5 }], today)).toBeNull();
  });
  it('estimates from the goods alone in a mixed cart', () => {
    const range = goodsDeliveryRange([helmet, { course: true, delivery_days: 30 }], today);
    expect(range).toEqual({ from: new Date(2026, 11, 10), to: new Date(2026, 11, 14) });
  });
});
