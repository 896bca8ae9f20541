import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine, PayButton } from '@shop/contracts';
import { saveSession } from '../../../lib/session.ts';
import { testLine } from '../../../test-cart-fixtures.ts';
import { testUser } from '../../../test-fixtures.ts';
import type { CartDelivery } from '../delivery-estimate.ts';
import { GUEST_CART_KEY } from '../guest-cart.ts';
import { CartView } from './cart-view.tsx';
import { UNDO_MS } from './removed-line.tsx';

const payButtons: PayButton[] = [
  { button_id: 'paynow', label: 'Pay now', default: true, status: 'Active' },
];

/** A phone (the sticky bar's widths) or a desktop, as matchMedia answers. */
function stubWidth(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderCart(delivery: CartDelivery) {
  const router = createMemoryRouter(
    [
      {
        path: '/cart',
        element: (
          <CartView
            mode="addtocart"
            quoteForm={() => null}
            delivery={delivery}
            payModes={{ buttons: payButtons, value: 'paynow', onChange: () => {} }}
          />
        ),
      },
    ],
    { initialEntries: ['/cart'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.setItem(GUEST_CART_KEY, JSON.stringify([testLine('TEE-1', { quantity: 2 })]));
});
afterEach(() => vi.unstubAllGlobals());

describe('the cart on a phone', () => {
  it('keeps the total and Proceed to Checkout in the sticky bar, with the delivery "from"', () => {
    stubWidth(true);
    renderCart({ status: 'from', fromPaise: 4900 });
    const bar = screen.getByRole('region', { name: 'Total and next step' });
    expect(within(bar).getByTestId('bar-total')).toHaveTextContent('₹1,298');
    expect(bar).toHaveTextContent('+ delivery from ₹49');
    expect(within(bar).getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
    // One Proceed to Checkout on the page: the bar's.
    expect(screen.getAllByRole('button', { name: 'Proceed to Checkout' })).toHaveLength(1);
    expect(screen.getByTestId('cart-delivery-charge')).toHaveTextContent('from ₹49');
  });

  it('shows the server charge to the default address and the total with it', () => {
    stubWidth(true);
    renderCart({ status: 'to-address', chargePaise: 4900, totalPaise: 134700, pincode: '400050' });
    expect(screen.getByTestId('cart-delivery-charge')).toHaveTextContent('₹49');
    expect(screen.getByText('(to 400050)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total-delivered')).toHaveTextContent('₹1,347');
    expect(screen.getByTestId('bar-total')).toHaveTextContent('₹1,347');
    expect(screen.getByRole('region', { name: 'Total and next step' })).toHaveTextContent(
      'Includes delivery ₹49',
    );
  });

  it('draws the rows of the charge to the default address at once, their figures loading', () => {
    stubWidth(true);
    renderCart({ status: 'loading', pincode: '400050' });
    expect(screen.getByText('(to 400050)')).toBeInTheDocument();
    const total = screen.getByTestId('cart-total-delivered');
    expect(total.querySelector('[data-skeleton]')).not.toBeNull();
    expect(total).not.toHaveTextContent('₹');
  });

  it('waits for the addresses before drawing the cart (which rows there are)', () => {
    stubWidth(true);
    renderCart({ status: 'loading', addressesPending: true });
    expect(screen.getByTestId('cart-skeleton')).toBeInTheDocument();
    expect(screen.queryByTestId('cart-totals')).toBeNull();
  });

  it('shows a skeleton, no ₹0 and no usable checkout button, while the cart loads', () => {
    stubWidth(true);
    saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    ); // the cart never answers
    renderCart({ status: 'loading' });
    expect(screen.getByTestId('cart-skeleton')).toBeInTheDocument();
    expect(screen.getByText('Loading your cart...')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('₹');
    expect(screen.queryByTestId('bar-total')).toBeNull();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });
});

describe('the cart on a desktop', () => {
  it('has no sticky bar, and Proceed to Checkout in the summary', () => {
    stubWidth(false);
    renderCart({ status: 'loading' });
    expect(screen.queryByRole('region', { name: 'Total and next step' })).toBeNull();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
    expect(
      within(screen.getByTestId('cart-delivery-charge')).getByText(
        'Working out the delivery charge',
      ),
    ).toBeInTheDocument();
  });
});

describe('removing a line, with Undo', () => {
  it('takes the line out at once and leaves an Undo that puts it back with its quantity', async () => {
    stubWidth(false);
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([testLine('TEE-1', { quantity: 3 }), testLine('TEE-2')]),
    );
    renderCart({ status: 'none' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Tee TEE-1' }));
    expect(screen.queryByRole('button', { name: 'Remove Tee TEE-1' })).toBeNull();
    expect(screen.getByTestId('removed-line')).toHaveTextContent('Tee TEE-1 removed.');
    const undo = screen.getByRole('button', { name: /^Undo/ });
    await waitFor(() => expect(undo).toHaveFocus());
    fireEvent.click(undo);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Tee TEE-1' })).toHaveFocus(),
    );
    expect(screen.queryByTestId('removed-line')).toBeNull();
    // Back in its place, with its quantity.
    const stored = JSON.parse(localStorage.getItem(GUEST_CART_KEY)!) as CartLine[];
    expect(stored.map((l) => [l.product_sku, l.quantity])).toEqual([
      ['TEE-1', 3],
      ['TEE-2', 1],
    ]);
  });

  it('a signed-in shopper’s Undo adds the line again through the API, and the cart is read again', async () => {
    stubWidth(false);
    saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
    let server = [testLine('TEE-1', { quantity: 2 })];
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
        const body =
          typeof init?.body === 'string'
            ? init.body
            : input instanceof Request
              ? await input.text()
              : '';
        const json = (data: unknown) =>
          new Response(JSON.stringify(data), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        if (method === 'DELETE') {
          server = [];
          return json({ isError: false, msg: 'Removed' });
        }
        if (method === 'POST') {
          const item = JSON.parse(body) as { product_sku: string; quantity: number };
          posted.push(item);
          server = [testLine(item.product_sku, { quantity: item.quantity })];
          return json({ isError: false, msg: 'Added' });
        }
        return json({ isError: false, data: server });
      }),
    );
    renderCart({ status: 'none' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Tee TEE-1' }));
    await waitFor(() => expect(screen.getByTestId('cart-empty')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: /^Undo/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Tee TEE-1' })).toHaveFocus(),
    );
    expect(posted).toEqual([expect.objectContaining({ product_sku: 'TEE-1', quantity: 2 })]);
    expect(screen.getByTestId('cart-totals')).toHaveTextContent('(2 items)');
  });

  it('the Undo goes after 5 s, and a focus on it moves to the next line’s Remove', async () => {
    stubWidth(false);
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([testLine('TEE-1'), testLine('TEE-2')]));
    renderCart({ status: 'none' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Tee TEE-1' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Undo/ })).toHaveFocus());
    await waitFor(() => expect(screen.queryByTestId('removed-line')).toBeNull(), {
      timeout: UNDO_MS + 2000,
    });
    expect(screen.getByRole('button', { name: 'Remove Tee TEE-2' })).toHaveFocus();
  }, 10_000);
});

describe('an empty cart', () => {
  it('offers only the way back to the shop: no totals, pay modes or Proceed', () => {
    stubWidth(true);
    localStorage.removeItem(GUEST_CART_KEY);
    renderCart({ status: 'none' });
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByTestId('cart-totals')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Total and next step' })).toBeNull();
  });
});
