import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutDataFor, readAdmission, saveCheckoutData } from '../../lib/checkout-handoff.ts';
import { saveSession } from '../../lib/session.ts';
import { testLine } from '../../test-cart-fixtures.ts';
import { testUser } from '../../test-fixtures.ts';
import { Component as CheckoutPage } from './checkout-page.tsx';

/** The API: the user's admission on the server (`onServer`, or none); anything else fails. */
function stubApi(onServer: Record<string, unknown> | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        String(url).includes('/admission/single/')
          ? new Response(JSON.stringify({ isError: false, user: onServer }), { status: 200 })
          : new Response(JSON.stringify({ isError: true, msg: 'not in this test' }), {
              status: 500,
            }),
      ),
    ),
  );
}

function renderCheckout() {
  const router = createMemoryRouter(
    [
      { path: '/checkout', Component: CheckoutPage },
      { path: '/admission-form', element: <p>admission form page</p> },
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

beforeEach(() => {
  localStorage.clear();
  saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
  saveCheckoutData(checkoutDataFor([testLine('COURSE-1', { course: true })]));
});
afterEach(() => vi.unstubAllGlobals());

describe("a course's checkout reads the admission from the server when the local copy is missing (issue 59 item 8)", () => {
  it('pays with the admission on the server, and keeps it locally', async () => {
    stubApi({ id: 'a1', name: 'Riya Rao', center: 'Andheri' });
    renderCheckout();
    // Kept locally once the server has answered, and checkout stays (its other reads are not
    // this test's: it shows its loading shape).
    await vi.waitFor(() =>
      expect(readAdmission()).toEqual({ id: 'a1', name: 'Riya Rao', center: 'Andheri' }),
    );
    expect(screen.getByTestId('checkout-skeleton')).toBeInTheDocument();
    expect(screen.queryByText('admission form page')).not.toBeInTheDocument();
  });

  it("offers no payment while a child's admission waits for a parent's consent (issue 61 item 4)", async () => {
    stubApi({
      id: 'a1',
      name: 'Riya Rao',
      center: 'Andheri',
      status: 'awaiting_parent_consent',
      consentRequestedTo: 'p***@example.com',
      parentConsent: null,
    });
    renderCheckout();
    expect(await screen.findByText("Waiting for a parent's consent.")).toBeVisible();
    expect(screen.getByText(/We emailed p\*\*\*@example.com a link/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the admission form' })).toBeVisible();
    expect(screen.queryByTestId('checkout-skeleton')).not.toBeInTheDocument();
  });

  it('sends the shopper to the form when the server has none either', async () => {
    stubApi(null);
    renderCheckout();
    expect(await screen.findByText('admission form page')).toBeVisible();
  });
});
