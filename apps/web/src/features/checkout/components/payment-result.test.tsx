import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
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

  it('names a ₹0 order fully discounted', async () => {
    order = testOrder({ advance: 0, totalAmountbeforePay: 0, razorpay_order_id: null });
    renderResult('success');
    await screen.findByTestId('payment-details');
    expect(detail('Payment method')).toBe('Fully discounted');
    expect(detail('Ref number')).toBe('o1');
    expect(detail('Total')).toBe('₹0');
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

  it("says the payment failed, offers Try again for the same order, and goes to the order's page after 2 s", async () => {
    order = testOrder({ status: 'Failed', orderStatus: 'Pending', awaiting_payment: true });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = renderResult('failed');
    expect(screen.getByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText(/Your order is kept/)).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Try again: order UR-10123' }),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(router.state.location.pathname).toBe('/track/o1');
  });

  it('offers no Try again for an order no longer awaiting its payment', async () => {
    renderResult('failed');
    await screen.findByTestId('payment-details');
    expect(screen.queryByRole('button', { name: /Try again/ })).toBeNull();
  });
});
