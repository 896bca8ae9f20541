import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/contracts';
import { saveSession } from '../../../lib/session.ts';
import { testUser } from '../../../test-fixtures.ts';
import { testLine, testOrder } from '../test-order.ts';
import { OrdersList } from './orders-list.tsx';

let answer: () => Response;
const ok = (orders: Order[]) => () =>
  new Response(JSON.stringify({ isError: false, data: orders }), { status: 200 });

beforeEach(() => {
  saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url === `/api/payment/${testUser.user_id}` ? answer() : new Response('{}', { status: 404 }),
      ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderList() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <OrdersList
          userId={testUser.user_id}
          payNow={(o) => <button type="button">Pay now {o.order_id}</button>}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('My account → Orders', () => {
  it('lists each order with its number, IST date, item count, total and badge', async () => {
    answer = ok([
      testOrder({
        order_id: 'o3',
        order_number: 'UR-10125',
        orderStatus: 'Shipped',
        cart_products: [testLine(), testLine({ product_sku: 'PAD-1', quantity: 1 })],
      }),
      testOrder({
        order_id: 'o2',
        order_number: 'UR-10124',
        createdAt: '2026-11-22T19:00:00.000Z', // 00:30 on 23 Nov in India
        orderStatus: 'Cancelled',
        status: 'Refunded',
      }),
      testOrder({
        order_id: 'o1',
        order_number: 'UR-10123',
        status: 'Failed',
        awaiting_payment: true,
      }),
    ]);
    renderList();
    const rows = await screen.findAllByTestId('order-row');
    expect(rows).toHaveLength(3);

    const first = within(rows[0]!);
    expect(first.getByText('Order UR-10125')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('23 Nov 2026 · 3 items · ₹2,450');
    expect(rows[0]).toHaveTextContent('Status: Shipped');
    expect(first.getByRole('link', { name: 'Track order UR-10125' })).toHaveAttribute(
      'href',
      '/track/o3',
    );

    expect(rows[1]).toHaveTextContent('23 Nov 2026 · 2 items');
    expect(within(rows[1]!).getByRole('link', { name: /cancelled/i })).toHaveAttribute(
      'href',
      '/track/o2',
    );

    // A failed payment: never "Failed", but Payment pending with the app's Pay now.
    expect(rows[2]).not.toHaveTextContent('Failed');
    expect(
      within(rows[2]!).getByRole('link', { name: 'Order UR-10123: payment pending, view it' }),
    ).toHaveAttribute('href', '/track/o1');
    expect(within(rows[2]!).getByRole('button', { name: 'Pay now o1' })).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /Pay now/ })).toBeNull();
  });

  it('an order cancelled because its payment never came says "Payment not received", without Pay now', async () => {
    answer = ok([
      testOrder({
        order_id: 'o4',
        order_number: 'UR-10126',
        status: 'Pending',
        orderStatus: 'Cancelled',
        payment_not_received: true,
      }),
    ]);
    renderList();
    const [row] = await screen.findAllByTestId('order-row');
    expect(
      within(row!).getByRole('link', {
        name: 'Order UR-10126 cancelled, payment not received: view it',
      }),
    ).toHaveAttribute('href', '/track/o4');
    expect(row).toHaveTextContent('Payment not received');
    expect(within(row!).queryByRole('button', { name: /Pay now/ })).toBeNull();
  });

  it('says so when there are no orders', async () => {
    answer = ok([]);
    renderList();
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('shows loading, then an error with Try again that reads again', async () => {
    answer = () => new Response('{"isError":true,"msg":"boom"}', { status: 500 });
    renderList();
    // A named status: a name on a plain div is an ARIA error (axe: aria-prohibited-attr).
    expect(screen.getByRole('status', { name: 'Loading your orders' })).toBeInTheDocument();
    expect(await screen.findByText(/Your orders could not be loaded/)).toBeInTheDocument();
    answer = ok([testOrder()]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('order-row')).toHaveLength(1);
  });
});
