import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/contracts';
import { testLine, testOrder } from '../test-order.ts';
import { OrderTracking } from './order-tracking.tsx';

function renderTracking(order: Order, onBuyAgain?: (o: Order) => Promise<void>) {
  render(
    <MemoryRouter>
      <OrderTracking order={order} {...(onBuyAgain ? { onBuyAgain } : {})} />
    </MemoryRouter>,
  );
}

const stepStates = () =>
  [1, 2, 3, 4].map((i) => screen.getByTestId(`track-step-${i}`).getAttribute('data-state'));
const stepDates = () =>
  [1, 2, 3, 4].map((i) => screen.getByTestId(`track-step-${i}-date`).textContent);

describe('/track: the tracking view', () => {
  it('a new order: Order Placed current, Pending and Estimated soon, the estimate from the placing day', () => {
    renderTracking(testOrder());
    expect(stepStates()).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
    expect(screen.getByTestId('track-step-1')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByTestId('track-step-1')).toHaveTextContent('Order Placed');
    expect(stepDates()).toEqual(['Pending', '', '', 'Estimated soon']);
    // Placed 23 Nov; 3 delivery days: 26 Nov to 30 Nov.
    expect(screen.getByTestId('delivery-note')).toHaveTextContent(
      'Estimated delivery: 26 Nov – 30 Nov',
    );
    expect(screen.queryByRole('link', { name: 'Download Invoice' })).toBeNull();
  });

  it('shipped: steps and dates from the order, the first step labelled by status', () => {
    renderTracking(
      testOrder({
        orderStatus: 'Shipped',
        processing_date: '2026-11-24T04:00:00.000Z',
        shipped_date: '2026-11-25T04:00:00.000Z',
      }),
    );
    expect(stepStates()).toEqual(['done', 'current', 'upcoming', 'upcoming']);
    expect(stepDates()).toEqual(['24 Nov 2026', '25 Nov 2026', '', 'Estimated soon']);
  });

  it('shows the courier and tracking number once the shop enters them, and a collection as paid in full', () => {
    renderTracking(
      testOrder({
        orderStatus: 'Delivered',
        courier: 'Delhivery',
        tracking_number: 'DLV-1234',
        timeline: [
          {
            at: '2026-11-26T04:00:00.000Z',
            from: 'Delivered',
            to: 'Delivered',
            by: 'staff',
            note: '',
            event: 'collected',
          },
        ],
      }),
    );
    expect(screen.getByTestId('shipping-details')).toHaveTextContent('Courier: Delhivery');
    expect(screen.getByTestId('shipping-details')).toHaveTextContent('Tracking number: DLV-1234');
    expect(within(screen.getByTestId('timeline')).getByText('Paid in full')).toBeInTheDocument();
  });

  it("a shipped order: the tracking number with Copy (Copied beside it) and the courier's tracking page in a new tab", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderTracking(
      testOrder({ orderStatus: 'Shipped', courier: 'Blue Dart', tracking_number: 'BD 77/1' }),
    );
    const link = screen.getByRole('link', { name: /Track with Blue Dart/ });
    expect(link).toHaveAttribute(
      'href',
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=BD%2077%2F1',
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByText('Copied')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy tracking number' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('BD 77/1');
  });

  it('a courier without a known tracking page: the number and Copy, no link; a refused clipboard says so', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    renderTracking(
      testOrder({ orderStatus: 'Shipped', courier: 'Speedy Local', tracking_number: 'SL-9' }),
    );
    expect(screen.queryByRole('link', { name: /Track with/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Copy tracking number' }));
    expect(await screen.findByText('Could not copy')).toBeInTheDocument();
  });

  it('an order waiting for its payment: no green Order Placed, Payment pending waits, no delivery estimate', () => {
    renderTracking(testOrder({ awaiting_payment: true, status: 'Failed' }));
    expect(stepStates()).toEqual(['waiting', 'upcoming', 'upcoming', 'upcoming']);
    expect(screen.getByTestId('track-step-1')).toHaveTextContent('Payment pending');
    expect(screen.getByTestId('track-step-1')).not.toHaveTextContent('Order Placed');
    expect(screen.getByTestId('track-step-1')).not.toHaveAttribute('aria-current');
    expect(stepDates()).toEqual(['', '', '', '']);
    expect(screen.getByTestId('delivery-note')).toHaveTextContent(
      'The delivery date is given once the payment is received.',
    );
    expect(screen.getByTestId('delivery-note')).not.toHaveTextContent('Estimated delivery');
  });

  it('shows no shipping line before the shop ships', () => {
    renderTracking(testOrder());
    expect(screen.queryByTestId('shipping-details')).toBeNull();
  });

  it('packed shows Packed as the first label', () => {
    renderTracking(testOrder({ orderStatus: 'Packed' }));
    expect(screen.getByTestId('track-step-1')).toHaveTextContent('Packed');
  });

  const invoice = { number: 'INV/2627/000001', date: '2026-11-25T04:00:00.000Z' };

  it('Download Invoice shows as soon as the invoice exists (Shipped) and links to /invoice', () => {
    renderTracking(testOrder({ orderStatus: 'Shipped', invoice }));
    expect(screen.getByRole('link', { name: 'Download Invoice' })).toHaveAttribute(
      'href',
      '/invoice/o1',
    );
  });

  it('an order of courses only is an enrolment: Order Placed, Paid, Enrolled; no delivery', () => {
    const course = testLine({
      product_sku: 'COURSE-1',
      product_name: 'Skating course',
      quantity: 1,
      course: true,
      delivery_days: null,
    });
    renderTracking(
      testOrder({
        orderStatus: 'Processing',
        processing_date: '2026-11-23T13:10:00.000Z',
        cart_products: [course],
        deliveryCharge: 0,
        invoice,
      }),
    );
    const steps = within(screen.getByTestId('tracking-line')).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-state'))).toEqual(['done', 'done', 'current']);
    expect(steps[0]).toHaveTextContent('Order Placed');
    expect(steps[1]).toHaveTextContent('Paid');
    expect(steps[2]).toHaveTextContent('Enrolled');
    expect(screen.queryByText('Dispatch')).toBeNull();
    expect(screen.getByTestId('delivery-note')).toHaveTextContent('Enrolled on 23 Nov 2026');
    expect(within(screen.getByTestId('bill-details')).queryByText('Delivery charge')).toBeNull();
    // Invoiced when paid: the link shows at once.
    expect(screen.getByRole('link', { name: 'Download Invoice' })).toBeInTheDocument();
  });

  it('delivered: every step reached, the delivery date instead of an estimate', () => {
    renderTracking(
      testOrder({
        orderStatus: 'Delivered',
        delivery_date: '2026-11-27T10:00:00.000Z',
        invoice,
      }),
    );
    expect(stepStates()).toEqual(['done', 'done', 'done', 'current']);
    expect(stepDates()[3]).toBe('27 Nov 2026');
    expect(screen.getByTestId('delivery-note')).toHaveTextContent('Delivered on 27 Nov 2026');
    expect(screen.getByRole('link', { name: 'Download Invoice' })).toBeInTheDocument();
  });

  it('cancelled: every step cancelled, the first labelled Cancelled', () => {
    renderTracking(testOrder({ orderStatus: 'Cancelled' }));
    expect(stepStates()).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect(stepDates()).toEqual(['', '', '', '']);
    expect(screen.getByTestId('track-step-1')).toHaveTextContent('Cancelled');
    expect(screen.getByTestId('delivery-note')).toHaveTextContent('This order was cancelled.');
  });

  it('says when there is no estimate and when the order has no products', () => {
    renderTracking(testOrder({ cart_products: [] }));
    expect(screen.getByTestId('delivery-note')).toHaveTextContent(
      'Delivery estimate not available',
    );
    expect(screen.getByText('No products found in this order.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy again' })).toBeNull();
  });

  it('bill details: before discount, coupon, delivery, GST included, total, advance and remaining, refunds', () => {
    renderTracking(
      testOrder({
        payment_mode: 'Pay on delivery',
        amountbeforediscount: 3000,
        amountafterdiscount: 2200,
        discountprice: 200,
        couponapplied: true,
        coupon_code: 'FLAT200',
        totalAmountbeforePay: 2250,
        advance: 450,
        remaining_amount: 1800,
        refunds: [
          {
            id: 'r1',
            amount: 450,
            status: 'processed',
            reason: 'Cancelled by the shop',
            createdAt: '2026-11-24T04:00:00.000Z',
            processedAt: '2026-11-24T05:00:00.000Z',
          },
        ],
      }),
    );
    const bill = within(screen.getByTestId('bill-details'));
    const value = (term: RegExp) => bill.getByText(term).nextElementSibling?.textContent;
    expect(value(/^Amount before discount/)).toBe('₹3,000');
    expect(value(/^Product discount/)).toBe('−₹600');
    expect(value(/^Coupon discount/)).toBe('−₹200');
    expect(bill.getByText('(FLAT200)')).toBeInTheDocument();
    expect(value(/^Delivery charge/)).toBe('₹50');
    expect(screen.getByTestId('bill-total')).toHaveTextContent('₹2,250');
    expect(bill.getByText(/Includes GST ₹262.50/)).toHaveTextContent('CGST ₹131.25 + SGST ₹131.25');
    expect(value(/^Advance paid/)).toBe('₹450');
    expect(value(/^Remaining/)).toBe('₹1,800');
    expect(bill.getByText(/^Refund/)).toHaveTextContent('Refund (refunded)Cancelled by the shop');
  });

  it('lists the timeline newest first, or the placing alone', () => {
    renderTracking(
      testOrder({
        orderStatus: 'Shipped',
        timeline: [
          {
            at: '2026-11-23T13:05:00.000Z',
            from: null,
            to: 'Pending',
            by: 'customer',
            note: '',
            event: 'status',
          },
          {
            at: '2026-11-25T04:00:00.000Z',
            from: 'Pending',
            to: 'Shipped',
            by: 'staff',
            note: 'Sent by courier',
            event: 'status',
          },
        ],
      }),
    );
    const items = within(screen.getByTestId('timeline')).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Shipped25 Nov 2026, 9:30 amSent by courier',
      'Order placed23 Nov 2026, 6:35 pm',
    ]);
  });

  it('Buy again hands the order to the cart action and shows progress', async () => {
    let finish = () => {};
    const onBuyAgain = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const order = testOrder({ cart_products: [testLine(), testLine({ product_sku: 'PAD-1' })] });
    renderTracking(order, onBuyAgain);
    fireEvent.click(screen.getByRole('button', { name: 'Buy again' }));
    expect(onBuyAgain).toHaveBeenCalledWith(order);
    expect(await screen.findByRole('button', { name: 'Adding to cart...' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Buy again' })).toBeEnabled();
  });
});
