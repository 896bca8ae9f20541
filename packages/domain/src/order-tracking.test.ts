import { describe, expect, it } from 'vitest';
import {
  firstStepLabel,
  isCourseOnlyOrder,
  orderBadge,
  showsDownloadInvoice,
  trackingDeliveryEstimate,
  trackingStep,
  trackingSteps,
} from './order-tracking.ts';
import { ORDER_STATUSES } from './order-statuses.ts';

const noDates = {
  processing_date: null,
  shipped_date: null,
  out_deliverydate: null,
  delivery_date: null,
};

describe('trackingStep: spec §4 table', () => {
  it.each([
    ['Pending', 1],
    ['Processing', 1],
    ['Packed', 1],
    ['Shipped', 2],
    ['Out for delivery', 3],
    ['Delivered', 4],
    ['Cancelled', -1],
    ['Lost in transit', 1],
    ['', 1],
    ['toString', 1], // not read from Object.prototype
  ])('%s -> %i', (status, step) => {
    expect(trackingStep(status)).toBe(step);
  });
});

describe('firstStepLabel', () => {
  it.each([
    ['Pending', 'Order Placed'],
    ['Processing', 'Order Processing'],
    ['Packed', 'Packed'],
    ['Shipped', 'Order Placed'],
    ['Out for delivery', 'Order Placed'],
    ['Delivered', 'Order Placed'],
    ['Cancelled', 'Cancelled'],
    ['Unknown', 'Order Placed'],
  ])('%s -> %s', (status, label) => {
    expect(firstStepLabel(status)).toBe(label);
  });
});

describe('trackingSteps', () => {
  it('labels the four steps and marks done, current and upcoming', () => {
    const steps = trackingSteps({ orderStatus: 'Shipped', ...noDates });
    expect(steps.map((s) => s.label)).toEqual([
      'Order Placed',
      'Dispatch',
      'Out for delivery',
      'Delivered',
    ]);
    expect(steps.map((s) => s.state)).toEqual(['done', 'current', 'upcoming', 'upcoming']);
  });

  it('puts the first-step label on step 1 while processing or packed', () => {
    expect(trackingSteps({ orderStatus: 'Packed', ...noDates })[0]).toMatchObject({
      label: 'Packed',
      state: 'current',
    });
  });

  it('marks every step cancelled for a cancelled order', () => {
    const steps = trackingSteps({ orderStatus: 'Cancelled', ...noDates });
    expect(steps.map((s) => s.state)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(steps[0]!.label).toBe('Cancelled');
    // Dates it reached stay; no step promises anything.
    expect(steps.map((s) => s.fallback)).toEqual([null, null, null, null]);
    const shipped = trackingSteps({
      orderStatus: 'Cancelled',
      ...noDates,
      processing_date: '2026-11-01T05:00:00.000Z',
    });
    expect(shipped[0]!.date?.toISOString()).toBe('2026-11-01T05:00:00.000Z');
  });

  it('marks all four done-or-current when delivered', () => {
    const steps = trackingSteps({ orderStatus: 'Delivered', ...noDates });
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'current']);
  });

  it('takes each date from its field, with Pending first and Estimated soon last', () => {
    const none = trackingSteps({ orderStatus: 'Pending', ...noDates });
    expect(none.map((s) => [s.date, s.fallback])).toEqual([
      [null, 'Pending'],
      [null, null],
      [null, null],
      [null, 'Estimated soon'],
    ]);
    const all = trackingSteps({
      orderStatus: 'Delivered',
      processing_date: '2026-11-01T05:00:00.000Z',
      shipped_date: new Date('2026-11-02T05:00:00.000Z'),
      out_deliverydate: '2026-11-03T05:00:00.000Z',
      delivery_date: '2026-11-04T05:00:00.000Z',
    });
    expect(all.map((s) => s.date?.toISOString())).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
      '2026-11-03T05:00:00.000Z',
      '2026-11-04T05:00:00.000Z',
    ]);
  });

  it('treats an unreadable date as missing', () => {
    const steps = trackingSteps({ orderStatus: 'Pending', ...noDates, processing_date: 'soon' });
    expect(steps[0]).toMatchObject({ date: null, fallback: 'Pending' });
  });
});

describe('trackingSteps of an order waiting for its online payment (issue 59 item 4)', () => {
  it('reaches no step: "Payment pending" waits, nothing is done and nothing promised', () => {
    const steps = trackingSteps({ orderStatus: 'Pending', ...noDates, awaiting_payment: true });
    expect(steps.map((s) => [s.label, s.state, s.fallback])).toEqual([
      ['Payment pending', 'waiting', null],
      ['Dispatch', 'upcoming', null],
      ['Out for delivery', 'upcoming', null],
      ['Delivered', 'upcoming', null],
    ]);
    expect(steps.some((s) => s.state === 'done' || s.state === 'current')).toBe(false);
  });

  it('waits the same way for a course order, and reads as before once paid', () => {
    const course = [{ course: true }];
    const waiting = trackingSteps({
      orderStatus: 'Pending',
      ...noDates,
      cart_products: course,
      awaiting_payment: true,
    });
    expect(waiting.map((s) => [s.label, s.state])).toEqual([
      ['Payment pending', 'waiting'],
      ['Paid', 'upcoming'],
      ['Enrolled', 'upcoming'],
    ]);
    const paid = trackingSteps({ orderStatus: 'Pending', ...noDates, awaiting_payment: false });
    expect(paid[0]).toMatchObject({ label: 'Order Placed', state: 'current' });
  });

  it('still shows a cancelled order as cancelled', () => {
    const steps = trackingSteps({ orderStatus: 'Cancelled', ...noDates, awaiting_payment: true });
    expect(steps.map((s) => s.state)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
  });
});

describe('trackingSteps of an order of courses only: an enrolment', () => {
  const course = { course: true };
  const placedAt = '2026-11-01T04:00:00.000Z';
  const paidAt = '2026-11-01T05:00:00.000Z';
  const enrolment = (orderStatus: string, processing_date: string | null = null) =>
    trackingSteps({
      orderStatus,
      ...noDates,
      processing_date,
      createdAt: placedAt,
      cart_products: [course, course],
    });

  it('waits for the payment with Order Placed current, dated the day it was placed', () => {
    const steps = enrolment('Pending');
    expect(steps.map((s) => s.label)).toEqual(['Order Placed', 'Paid', 'Enrolled']);
    expect(steps.map((s) => s.state)).toEqual(['current', 'upcoming', 'upcoming']);
    expect(steps[0]!.date?.toISOString()).toBe(placedAt);
    expect(steps.map((s) => s.fallback)).toEqual([null, null, null]);
  });

  it.each(['Processing', 'Packed', 'Shipped', 'Out for delivery'])(
    'is enrolled once paid (%s), never Dispatch or Out for delivery',
    (status) => {
      const steps = enrolment(status, paidAt);
      expect(steps.map((s) => s.label)).toEqual(['Order Placed', 'Paid', 'Enrolled']);
      expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'current']);
      expect(steps.map((s) => s.date?.toISOString())).toEqual([placedAt, paidAt, paidAt]);
    },
  );

  it('is all done when the shop marks it Delivered, all cancelled when cancelled', () => {
    expect(enrolment('Delivered', paidAt).map((s) => s.state)).toEqual(['done', 'done', 'done']);
    expect(enrolment('Cancelled').map((s) => s.state)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
  });

  it('tracks an order with any goods line as a parcel', () => {
    const steps = trackingSteps({
      orderStatus: 'Shipped',
      ...noDates,
      cart_products: [course, { course: false }],
    });
    expect(steps.map((s) => s.label)).toEqual([
      'Order Placed',
      'Dispatch',
      'Out for delivery',
      'Delivered',
    ]);
  });
});

describe('isCourseOnlyOrder', () => {
  it('is true only when every line is a course and there is one', () => {
    expect(isCourseOnlyOrder([{ course: true }])).toBe(true);
    expect(isCourseOnlyOrder([{ course: true }, { course: false }])).toBe(false);
    expect(isCourseOnlyOrder([])).toBe(false);
  });
});

describe('showsDownloadInvoice: as soon as the invoice exists', () => {
  const invoice = { number: 'INV/2627/000001', date: '2026-11-02T05:00:00.000Z' };
  it.each(ORDER_STATUSES.filter((s) => s !== 'Cancelled'))('%s with an invoice -> shown', (s) => {
    expect(showsDownloadInvoice({ orderStatus: s, invoice })).toBe(true);
  });
  it.each(ORDER_STATUSES)('%s without one -> hidden', (s) => {
    expect(showsDownloadInvoice({ orderStatus: s, invoice: null })).toBe(false);
  });
  it('is hidden on a cancelled order (its credit note cancels the invoice)', () => {
    expect(showsDownloadInvoice({ orderStatus: 'Cancelled', invoice })).toBe(false);
  });
});

describe('trackingDeliveryEstimate', () => {
  const placed = new Date(2026, 10, 20, 15, 30); // 20 Nov 2026, local time
  const line = (delivery_days: number | null, course = false) => ({ delivery_days, course });

  it('counts the window from the day the order was placed', () => {
    const range = trackingDeliveryEstimate({
      orderStatus: 'Shipped',
      createdAt: placed,
      lines: [line(3), line(5)],
    });
    expect(range).toEqual({ from: new Date(2026, 10, 24), to: new Date(2026, 10, 28) });
  });

  it('leaves out courses and lines without delivery days', () => {
    const range = trackingDeliveryEstimate({
      orderStatus: 'Pending',
      createdAt: placed.toISOString(),
      lines: [line(2), line(30, true), line(null)],
    });
    expect(range).toEqual({ from: new Date(2026, 10, 22), to: new Date(2026, 10, 26) });
  });

  it('is null while the order waits for its online payment (nothing is sent unpaid)', () => {
    const base = { orderStatus: 'Pending', createdAt: placed, lines: [line(3)] };
    expect(trackingDeliveryEstimate({ ...base, awaitingPayment: true })).toBeNull();
    expect(trackingDeliveryEstimate({ ...base, awaitingPayment: false })).not.toBeNull();
  });

  it('is null with nothing to estimate, or once delivered or cancelled', () => {
    const base = { createdAt: placed, lines: [line(3)] };
    expect(trackingDeliveryEstimate({ ...base, orderStatus: 'Delivered' })).toBeNull();
    expect(trackingDeliveryEstimate({ ...base, orderStatus: 'Cancelled' })).toBeNull();
    expect(
      trackingDeliveryEstimate({ orderStatus: 'Pending', createdAt: placed, lines: [] }),
    ).toBeNull();
    expect(
      trackingDeliveryEstimate({
        orderStatus: 'Pending',
        createdAt: placed,
        lines: [line(4, true)],
      }),
    ).toBeNull();
    expect(
      trackingDeliveryEstimate({ ...base, orderStatus: 'Pending', createdAt: 'x' }),
    ).toBeNull();
  });
});

describe('orderBadge: Track Order for every placed order that is not cancelled, Payment pending while unpaid', () => {
  const payNow = { payment_mode: 'Pay now', advancePaise: 10_000 } as const;
  const pod = { payment_mode: 'Pay on delivery', advancePaise: 2_000 } as const;
  const podNoAdvance = { payment_mode: 'Pay on delivery', advancePaise: 0 } as const;
  const upi = { payment_mode: 'Pay by UPI', advancePaise: 10_000 } as const;

  it.each([
    [payNow, 'Success', 'Pending', 'Track Order'],
    [payNow, 'Success', 'Shipped', 'Track Order'], // the spec's reading would say Failed for POD only
    [payNow, 'Success', 'Cancelled', 'Cancelled'],
    [payNow, 'Pending', 'Pending', 'Payment pending'], // not paid yet: Pay now
    [payNow, 'Failed', 'Pending', 'Payment pending'], // a failed payment: paid again
    [payNow, 'Pending', 'Cancelled', 'Cancelled'],
    [payNow, 'Refund pending', 'Cancelled', 'Cancelled'], // paid too late, refunded
    [payNow, 'Refunded', 'Cancelled', 'Cancelled'],
    [pod, 'Success', 'Pending', 'Track Order'],
    [pod, 'Success', 'Processing', 'Track Order'], // the spec's literal rule: Failed
    [pod, 'Success', 'Delivered', 'Track Order'],
    [pod, 'Pending', 'Pending', 'Payment pending'], // advance not paid
    [pod, 'Failed', 'Pending', 'Payment pending'],
    [podNoAdvance, 'Pending', 'Pending', 'Track Order'],
    [podNoAdvance, 'Pending', 'Out for delivery', 'Track Order'],
    [podNoAdvance, 'Pending', 'Cancelled', 'Cancelled'],
    [podNoAdvance, 'Failed', 'Pending', 'Failed'], // nothing online to fail: never written
    [upi, 'Pending', 'Pending', 'Track Order'], // awaiting the shop's confirmation: its page says so
    [upi, 'Success', 'Processing', 'Track Order'],
    [upi, 'Pending', 'Cancelled', 'Cancelled'], // rejected by the shop
  ] as const)('%j, status %s, orderStatus %s -> %s', (mode, status, orderStatus, badge) => {
    expect(orderBadge({ ...mode, status, orderStatus })).toBe(badge);
  });

  it.each([
    [payNow, 'Pending', 'Payment not received'], // expired after UNPAID_ORDER_DAYS
    [payNow, 'Failed', 'Payment not received'],
    [upi, 'Pending', 'Payment not received'],
    [payNow, 'Refund pending', 'Cancelled'], // paid after it expired: refunded
    [payNow, 'Refunded', 'Cancelled'],
  ] as const)('expired %j, status %s -> %s', (mode, status, badge) => {
    expect(
      orderBadge({ ...mode, status, orderStatus: 'Cancelled', paymentNotReceived: true }),
    ).toBe(badge);
  });
});
