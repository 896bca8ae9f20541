import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/contracts';
import { saveSession } from '../../../lib/session.ts';
import { testUser } from '../../../test-fixtures.ts';
import { testOrder } from '../test-checkout-fixtures.ts';
import { PaymentResult } from './payment-result.tsx';

let order: Order;
beforeEach(() => {
  order = testOrder();
  saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/payment/order/o1'
          ? new Response(JSON.stringify({ isError: false, data: order }), { status: 200 })
          : new Response('{}', { status: 404 }),
      ),
    ),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderResult(outcome: 'success' | 'failed', onShown?: () => void) {
  const router = createMemoryRouter(
    [
      {
        path: '/result/:id',
        element: <PaymentResult outcome={outcome} orderId="o1" {...(onShown ? { onShown } : {})} />,
      },
      { path: '/track/:id', element: <p>order page</p> },
    ],
    { initialEntries: ['/result/o1'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const detail = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

describe('payment result pages', () => {
  it('shows the order as the spec lists it, the time in IST', async () => {
    renderResult('success');
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your order!')).toBeInTheDocument();
    await screen.findByTestId('payment-details');
    expect(detail('Order number')).toBe('UR-10123');
    expect(detail('Time and date')).toBe('23/11/26 - 18:35');
    expect(detail('Ref number')).toBe('order_ABC');
    expect(detail('Payment method')).toBe('Online');
    expect(detail('Sender')).toBe('Asha Rao');
    expect(detail('Amount')).toBe('₹699');
    expect(detail('Total')).toBe('₹699');
    expect(screen.queryByText('Advance Paid')).toBeNull();
  });

  it('names a ₹0 order fully discounted, placed and not paid: no "Payment Successful ₹0"', async () => {
    order = testOrder({ advance: 0, totalAmountbeforePay: 0, razorpay_order_id: null });
    renderResult('success');
    await screen.findByTestId('payment-details');
    expect(screen.getByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful')).toBeNull();
    expect(screen.getByTestId('next-steps')).toHaveTextContent('Nothing to pay');
    expect(detail('Payment method')).toBe('Fully discounted');
    expect(detail('Ref number')).toBe('o1');
    expect(screen.queryByText('Amount')).toBeNull();
    expect(detail('Total')).toBe('₹0');
  });

  it('pay on delivery without an advance: "Order placed", what is left to pay on delivery, no ₹0 paid', async () => {
    order = testOrder({
      payment_mode: 'Pay on delivery',
      advance: 0,
      remaining_amount: 699,
      razorpay_order_id: null,
    });
    renderResult('success');
    await screen.findByTestId('payment-details');
    expect(screen.getByRole('heading', { name: 'Order placed' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful')).toBeNull();
    expect(screen.getByTestId('next-steps')).toHaveTextContent('pay ₹699 on delivery');
    expect(detail('Payment method')).toBe('On delivery');
    expect(detail('To pay on delivery')).toBe('₹699');
    expect(screen.queryByText('Amount')).toBeNull();
    expect(screen.queryByText('Advance Paid')).toBeNull();
  });

  it('adds Advance Paid and Remaining Amount for pay on delivery', async () => {
    order = testOrder({
      payment_mode: 'Pay on delivery',
      advance: 140,
      remaining_amount: 559,
    });
    renderResult('success');
    await screen.findByTestId('payment-details');
    expect(detail('Advance Paid')).toBe('₹140');
    expect(detail('Remaining Amount')).toBe('₹559');
    expect(detail('Total')).toBe('₹699');
  });

  it("calls onShown once and goes to the order's page after 2 s on success", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onShown = vi.fn();
    const router = renderResult('success', onShown);
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/result/o1');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe('/track/o1');
    expect(onShown).toHaveBeenCalledTimes(1);
  });

  it("says the payment failed in red with nothing charged, offers Try again and Choose another way for the same order, and goes to the order's page after 2 s", async () => {
    order = testOrder({ status: 'Failed', orderStatus: 'Pending', awaiting_payment: true });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderResult('failed');
    expect(screen.getByRole('heading', { name: 'Payment failed' })).toHaveClass('text-red-800');
    expect(screen.getByText('Your payment could not be processed.')).toBeInTheDocument();
    expect(screen.queryByText(/Order Placed|Payment Successful/i)).toBeNull();
    expect(
      await screen.findByRole('button', { name: 'Try again: order UR-10123' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Choose another way: order UR-10123' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('nothing-charged')).toHaveTextContent('Nothing was charged.');
    expect(screen.getByTestId('moving-on')).toHaveTextContent(
      'Taking you to your order in 2 seconds.',
    );
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(router.state.location.pathname).toBe('/track/o1');
  });

  it('waits while the shopper touches the page, says so, and moves on 2 s after the finger lifts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderResult('success');
    await screen.findByTestId('payment-details');
    act(() => void fireEvent.pointerDown(document.body));
    expect(screen.getByTestId('moving-on')).toHaveTextContent('Paused while you read');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(router.state.location.pathname).toBe('/result/o1');
    act(() => void fireEvent.pointerUp(document.body));
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/result/o1');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe('/track/o1');
  });

  it('offers no Try again for an order no longer awaiting its payment', async () => {
    renderResult('failed');
    await screen.findByTestId('payment-details');
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
  });
});
