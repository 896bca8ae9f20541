import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminOrder, UnsentOrderEmail } from '@shop/contracts';
import { OrderUnsentEmails } from './order-unsent-emails.tsx';

/** The card reads only the order's refused emails: the rest of an order is left out. */
const orderWith = (unsent: UnsentOrderEmail[]) => ({ unsent_emails: unsent }) as AdminOrder;

const renderCard = (unsent: UnsentOrderEmail[]) =>
  render(
    <RouterProvider
      router={createMemoryRouter([
        { path: '/', element: <OrderUnsentEmails order={orderWith(unsent)} /> },
      ])}
    />,
  );

describe("an order's refused emails", () => {
  it('names each email, whether it is still tried, and the server’s error; links to the dashboard', () => {
    renderCard([
      {
        kind: 'confirmation',
        status: null,
        attempts: 3,
        last_error: '535 Authentication failed',
        given_up: false,
      },
      { kind: 'status', status: 'Shipped', attempts: 10, last_error: 'timeout', given_up: true },
    ]);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'The order confirmation to the customer: refused 3 times, tried again by itself. The email server said: 535 Authentication failed',
      "The customer's email of the move to Shipped: no longer tried again by itself. The email server said: timeout",
    ]);
    expect(
      screen.getByRole('link', { name: 'send them again from the dashboard' }),
    ).toHaveAttribute('href', '/');
  });

  it('shows nothing when every email went', () => {
    renderCard([]);
    expect(screen.queryByTestId('order-unsent-emails')).not.toBeInTheDocument();
  });
});
