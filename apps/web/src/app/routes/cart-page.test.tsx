import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayButton } from '@shop/contracts';
import { GUEST_CART_KEY } from '../../features/cart/guest-cart.ts';
import { testLine } from '../../test-cart-fixtures.ts';
import { Component as CartPage } from './cart-page.tsx';

const payButtons: PayButton[] = [
  { button_id: 'paynow', label: 'Pay now', default: true, status: 'Active' },
  { button_id: 'payondelivery', label: 'Pay on delivery', default: false, status: 'Active' },
];
vi.mock('../../lib/store-queries.ts', () => ({
  useCartMode: () => 'addtocart',
  usePayButtons: () => ({ data: payButtons }),
  useShopName: () => 'Urban Roll',
}));

/** The shop's answers: its gateway keys (`online`) and the advance it asks on delivery. */
function stubShop(online: boolean, advancePercent: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      const body = url.includes('/pay-razorpay/')
        ? { key_id: '', company_name: 'Urban Roll', gateway: 'razorpay', online_payments: online }
        : url.includes('/deliverypaybefore/')
          ? { isError: false, help: { delivery_percentage: advancePercent } }
          : { isError: false, data: [] };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/cart', element: <CartPage /> }], {
    initialEntries: ['/cart'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/cart pay modes: what checkout will offer', () => {
  beforeEach(() => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([testLine('TEE-1')]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers Pay now and Pay on delivery in a shop that takes online payments', async () => {
    stubShop(true, 20);
    renderPage();
    expect(await screen.findByRole('radio', { name: /Pay now/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Pay on delivery/ })).toBeInTheDocument();
  });

  it('offers no Pay now in a shop without gateway keys (Pay on delivery without an advance)', async () => {
    stubShop(false, 0);
    renderPage();
    expect(await screen.findByRole('radio', { name: /Pay on delivery/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Pay now/ })).not.toBeInTheDocument();
  });
});
