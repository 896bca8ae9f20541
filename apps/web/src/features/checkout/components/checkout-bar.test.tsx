import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_MESSAGES, type PayButton } from '@shop/contracts';
import { checkoutDataFor, saveCheckoutData } from '../../../lib/checkout-handoff.ts';
import { saveSession } from '../../../lib/session.ts';
import { testLine } from '../../../test-cart-fixtures.ts';
import { testUser } from '../../../test-fixtures.ts';
import { testAddress, testSummary } from '../test-checkout-fixtures.ts';
import { CheckoutView } from './checkout-view.tsx';

const payButtons: PayButton[] = [
  { button_id: 'paynow', label: 'Pay now', default: true, status: 'Active' },
];
vi.mock('../../../lib/store-queries.ts', () => ({
  usePayButtons: () => ({ data: payButtons }),
}));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** The summary answers when the test says so, with this body. */
let releaseSummary: () => void = () => {};
let summaryBody = testSummary();

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true, // a phone
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = String(input).split('?')[0];
      if (url === '/api/registeruser/single/u1') {
        return Promise.resolve(json({ mobile: '9876543210', user_gstNo: '', message: 'ok' }));
      }
      if (url === '/api/pay-razorpay/urbanroll') {
        return Promise.resolve(
          json({
            key_id: 'k',
            company_name: 'Urban Roll',
            company_color: '#c2410c',
            gateway: 'sandbox',
            online_payments: true,
          }),
        );
      }
      if (url === '/api/payment/summary' && init?.method === 'POST') {
        return new Promise<Response>((resolve) => {
          releaseSummary = () => resolve(json(summaryBody));
        });
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
  saveCheckoutData(checkoutDataFor([testLine('A')]));
  summaryBody = testSummary();
});
afterEach(() => vi.unstubAllGlobals());

function renderCheckout(loading: boolean) {
  const home = testAddress('a1');
  const router = createMemoryRouter(
    [
      {
        path: '/checkout',
        element: (
          <CheckoutView
            user={testUser}
            shipping={home}
            billing={home}
            loading={loading}
            addressPanel={null}
          />
        ),
      },
    ],
    { initialEntries: ['/checkout'] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('checkout on a phone', () => {
  it('shows the page skeleton and an unusable Place order while the addresses load', () => {
    renderCheckout(true);
    expect(screen.getByTestId('checkout-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(document.body).not.toHaveTextContent('₹');
  });

  it('keeps Place order off and the total a skeleton until the server prices the order', async () => {
    renderCheckout(false);
    const bar = await screen.findByRole('region', { name: 'Total and next step' });
    expect(await screen.findByLabelText('Mobile number')).toHaveValue('9876543210');
    expect(screen.getByTestId('order-summary-skeleton')).toBeInTheDocument();
    expect(within(bar).queryByTestId('bar-total')).toBeNull();
    expect(within(bar).getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(document.body).not.toHaveTextContent('₹0');

    releaseSummary();
    expect(await within(bar).findByTestId('bar-total')).toHaveTextContent('₹699');
    expect(within(bar).getByRole('button', { name: 'Place order' })).toBeEnabled();
    // The bar's Place order is the only one.
    expect(screen.getAllByRole('button', { name: 'Place order' })).toHaveLength(1);
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₹699');
  });

  it('says beside Place order why the order cannot be placed (an address not delivered to)', async () => {
    summaryBody = testSummary({
      orderable: false,
      reason: CHECKOUT_MESSAGES.notDeliverable,
      field: 'shipping_address',
    });
    renderCheckout(false);
    const bar = await screen.findByRole('region', { name: 'Total and next step' });
    releaseSummary();
    expect(
      await within(bar).findByText('Sorry, we do not deliver to this pincode.'),
    ).toBeInTheDocument();
  });
});
