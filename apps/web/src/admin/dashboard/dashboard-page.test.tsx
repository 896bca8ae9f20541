import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Dashboard,
  SendAgainOrderEmailsResponse,
  SendAgainShopNoticesResponse,
  UnsentOrderEmails,
} from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { Component as DashboardPage } from './dashboard-page.tsx';

const DASHBOARD: Dashboard = {
  today: { paid_orders: 0, revenue: 0 },
  month: { paid_orders: 0, revenue: 0 },
  to_pack: 0,
  to_ship: 0,
  low_stock_threshold: 5,
  low_stock: [],
  new_inbox_items: 0,
  recent_activity: [],
  recent_orders: [],
  unsent_order_emails: { count: 0, given_up: 0, last_error: null, orders: [] },
  unsent_shop_notices: { count: 0, given_up: 0, last_error: null },
  email_delivery: 'smtp',
};

const UNSENT: UnsentOrderEmails = {
  count: 3,
  given_up: 1,
  last_error: 'Invalid login: 535 Authentication failed',
  orders: [
    { order_id: 'o-2', order_number: 'UR-10002' },
    { order_id: 'o-1', order_number: 'UR-10001' },
  ],
};

/** The store's paid delivery bands as GET /api/admin/delivery/bands answers (the owner's). */
let bands: { status: 'Active' | 'Inactive' }[] = [{ status: 'Active' }];
beforeEach(() => {
  bands = [{ status: 'Active' }];
});

function stubApi(
  /** 'no profile': a new shop whose profile was never saved (its store reads answer 404). */
  onlinePayments: boolean | 'no profile',
  dashboard: Dashboard = DASHBOARD,
  sendAgain: {
    '/api/admin/order-emails/send-again'?: SendAgainOrderEmailsResponse['data'];
    '/api/admin/shop-notices/send-again'?: SendAgainShopNoticesResponse['data'];
  } = {},
) {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) => {
      const json = (status: number, b: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(b), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
        );
      if (path === '/api/admin/dashboard') return json(200, { isError: false, data: dashboard });
      const again = Object.entries(sendAgain).find(([route]) => route === path);
      if (again) return json(200, { isError: false, data: again[1] });
      if (path === '/api/admin/delivery/bands') {
        const data = bands.map((b) => ({
          min_kilometer: 0,
          max_kilometer: null,
          delivery_price: 49,
          ...b,
        }));
        return json(200, { isError: false, data: { bands: data, check: { warnings: [] } } });
      }
      if (path.startsWith('/api/pay-razorpay/')) {
        if (onlinePayments === 'no profile') return json(404, { msg: 'Store not found' });
        return json(200, {
          key_id: onlinePayments ? 'rzp_live_abc123' : '',
          company_name: '',
          company_color: '#2563eb',
          gateway: 'razorpay',
          online_payments: onlinePayments,
        });
      }
      return json(404, {});
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderDashboard(role: 'owner' | 'staff' = 'owner') {
  saveAdminSession(
    { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'x', role },
    { accessToken: 'a', refreshToken: 'r' },
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: <DashboardPage /> },
      { path: '/settings', element: <p>settings page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('admin dashboard', () => {
  it('warns a shop without Razorpay keys and links to the keys form', async () => {
    stubApi(false);
    renderDashboard();
    const warning = await screen.findByTestId('payment-keys-warning');
    expect(warning).toHaveTextContent('The shop cannot take online payments yet');
    expect(screen.getByRole('link', { name: 'Add the Razorpay keys' })).toHaveAttribute(
      'href',
      '/settings#payment-keys',
    );
  });

  it('tells a new shop, whose profile was never saved, that it takes no orders yet, with a link to the profile', async () => {
    stubApi('no profile');
    renderDashboard();
    const warning = await screen.findByTestId('profile-warning');
    expect(warning).toHaveTextContent('The shop takes no orders yet');
    expect(
      within(warning).getByRole('link', { name: 'Fill in the store profile' }),
    ).toHaveAttribute('href', '/settings#profile');
    // Whether it has keys is known once the profile is saved.
    expect(screen.queryByTestId('payment-keys-warning')).not.toBeInTheDocument();
  });

  it('tells the owner a shop without an active delivery band ships nowhere, with a link to set them', async () => {
    bands = [{ status: 'Inactive' }];
    stubApi(true);
    renderDashboard();
    const warning = await screen.findByTestId('delivery-bands-warning');
    expect(warning).toHaveTextContent('No active delivery band: checkout refuses every address');
    expect(within(warning).getByRole('link', { name: 'Set the delivery bands' })).toHaveAttribute(
      'href',
      '/delivery',
    );
  });

  it("asks staff nothing of the delivery settings (the owner's only)", async () => {
    bands = [];
    stubApi(true, { ...DASHBOARD, recent_activity: null });
    renderDashboard('staff');
    expect(await screen.findByText('Nothing is running low.')).toBeInTheDocument();
    expect(screen.queryByTestId('delivery-bands-warning')).not.toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.map(([path]) => path)).not.toContain(
      '/api/admin/delivery/bands',
    );
  });

  it('shows no warning once the shop takes online payments and sends email', async () => {
    stubApi(true);
    renderDashboard();
    expect(await screen.findByText('Nothing is running low.')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-keys-warning')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delivery-bands-warning')).not.toBeInTheDocument();
    expect(screen.queryByTestId('email-delivery-warning')).not.toBeInTheDocument();
  });

  it('warns a shop whose emails are written to a folder (no SMTP_URL)', async () => {
    stubApi(true, { ...DASHBOARD, email_delivery: 'outbox_folder' });
    renderDashboard();
    expect(await screen.findByTestId('email-delivery-warning')).toHaveTextContent(
      'Emails do not leave the server: SMTP_URL is not set',
    );
  });

  it('names recent activity in words, and an action it does not know as it is', async () => {
    const entry = { entity: 'marquee', entity_id: 'm-1', actor_email: 's@example.com' };
    stubApi(true, {
      ...DASHBOARD,
      recent_activity: [
        { ...entry, action: 'marquee.delete', at: '2026-11-20T10:00:00.000Z' },
        { ...entry, action: 'delivery.bands.replace', at: '2026-11-20T09:00:00.000Z' },
        { ...entry, action: 'legacy.thing', at: '2026-11-20T08:00:00.000Z' },
      ],
    });
    renderDashboard();
    expect(await screen.findByText('Marquee text deleted')).toBeInTheDocument();
    expect(screen.getByText('Delivery charges changed')).toBeInTheDocument();
    expect(screen.getByText('legacy.thing')).toBeInTheDocument();
    expect(screen.queryByText('marquee.delete')).not.toBeInTheDocument();
  });

  it('links each recent change to what it changed, where that has a page', async () => {
    const by = { actor_email: 's@example.com', at: '2026-11-20T10:00:00.000Z' };
    stubApi(true, {
      ...DASHBOARD,
      recent_activity: [
        { ...by, action: 'order.move', entity: 'order', entity_id: 'o-7' },
        { ...by, action: 'inbox.note', entity: 'inbox_item', entity_id: 'lead:l-3' },
        { ...by, action: 'media.upload', entity: 'image', entity_id: '/media/a.webp' },
      ],
    });
    renderDashboard();
    const moved = await screen.findByRole('link', { name: /Order moved/ });
    expect(moved).toHaveAttribute('href', '/orders/o-7');
    expect(screen.getByRole('link', { name: /Inbox note added/ })).toHaveAttribute(
      'href',
      '/inbox/lead/l-3',
    );
    // An uploaded photo has no page of its own: said, not linked.
    expect(screen.getByText('Image uploaded').closest('a')).toBeNull();
  });

  it('lists recent orders first, and each low-stock line links to its product', async () => {
    stubApi(true, {
      ...DASHBOARD,
      low_stock: [{ product_id: 'p-9', sku: 'UR-TS-001-M', title: 'Classic Tee', stock: 2 }],
      recent_orders: [
        {
          order_id: 'o-1',
          receipt_id: 'rcpt_1',
          order_number: 'UR-10001',
          user_name: 'Asha',
          total: 698,
          orderStatus: 'Processing',
          paymentStatus: 'Success',
          payment_to_confirm: false,
          created_at: '2026-11-20T10:00:00.000Z',
        },
        {
          order_id: 'o-2',
          receipt_id: 'rcpt_2',
          order_number: 'UR-10002',
          user_name: 'Ravi',
          total: 285.5,
          orderStatus: 'Pending',
          paymentStatus: 'Pending',
          payment_to_confirm: true,
          created_at: '2026-11-20T11:00:00.000Z',
        },
      ],
    });
    renderDashboard();
    const low = await screen.findByRole('link', { name: /Classic Tee/ });
    expect(low).toHaveAttribute('href', '/products/p-9');
    expect(low).toHaveTextContent('2 left');
    expect(screen.getByRole('link', { name: /UR-10001 · Asha/ })).toHaveAttribute(
      'href',
      '/orders/o-1',
    );
    expect(screen.getByRole('link', { name: /UR-10001 · Asha/ })).toHaveTextContent('Processing');
    // A UPI payment the customer says they made: named for what the shop must do.
    expect(screen.getByRole('link', { name: /UR-10002 · Ravi/ })).toHaveTextContent(
      'UPI payment to confirm',
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Recent orders')).toBeLessThan(headings.indexOf('Low stock (≤ 5)'));
  });

  it('shows the refused order emails: how many, the error, their orders; nothing when none', async () => {
    stubApi(true, { ...DASHBOARD, unsent_order_emails: UNSENT });
    renderDashboard();
    const card = await screen.findByTestId('unsent-order-emails');
    expect(card).toHaveTextContent('3 order emails could not be sent');
    expect(card).toHaveTextContent('1 of them are no longer tried again by themselves.');
    expect(card).toHaveTextContent(
      'The email server said: Invalid login: 535 Authentication failed',
    );
    expect(screen.getByRole('link', { name: 'UR-10002' })).toHaveAttribute('href', '/orders/o-2');
    expect(screen.getByRole('link', { name: 'UR-10001' })).toHaveAttribute('href', '/orders/o-1');
    cleanup();
    vi.unstubAllGlobals();
    stubApi(true);
    renderDashboard();
    expect(await screen.findByText('Nothing is running low.')).toBeInTheDocument();
    expect(screen.queryByTestId('unsent-order-emails')).not.toBeInTheDocument();
  });

  it('sends them again: says beside the button that all went, and the card goes', async () => {
    stubApi(
      true,
      { ...DASHBOARD, unsent_order_emails: UNSENT },
      {
        '/api/admin/order-emails/send-again': {
          sent: 3,
          sending: 0,
          unsent: DASHBOARD.unsent_order_emails,
        },
      },
    );
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Send them again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Sent: every order email has gone out.',
    );
    expect(screen.queryByTestId('unsent-order-emails')).not.toBeInTheDocument();
  });

  it('sends them again while the server still refuses: says so, and the card stays', async () => {
    const still = { ...UNSENT, given_up: 0, last_error: 'connect ECONNREFUSED 10.0.0.5:465' };
    stubApi(
      true,
      { ...DASHBOARD, unsent_order_emails: UNSENT },
      { '/api/admin/order-emails/send-again': { sent: 0, sending: 0, unsent: still } },
    );
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Send them again' }));
    const card = screen.getByTestId('unsent-order-emails');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Still not sent: connect ECONNREFUSED 10.0.0.5:465',
    );
    expect(card).toHaveTextContent('They are tried again by themselves for about 4 hours.');
  });

  it('shows the refused form notices beside the order emails, and sends them again on their own', async () => {
    const notices = { count: 2, given_up: 0, last_error: 'connect ECONNREFUSED 10.0.0.5:465' };
    stubApi(
      true,
      { ...DASHBOARD, unsent_order_emails: UNSENT, unsent_shop_notices: notices },
      {
        '/api/admin/shop-notices/send-again': {
          sent: 1,
          sending: 1,
          unsent: DASHBOARD.unsent_shop_notices,
        },
      },
    );
    renderDashboard();
    const card = await screen.findByTestId('unsent-shop-notices');
    expect(card).toHaveTextContent('2 form notices could not be sent');
    expect(card).toHaveTextContent('They are tried again by themselves for about 4 hours.');
    expect(card).toHaveTextContent('The email server said: connect ECONNREFUSED 10.0.0.5:465');
    expect(within(card).getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', '/inbox');
    fireEvent.click(within(card).getByRole('button', { name: 'Send them again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 form notice still being sent; this page updates shortly.',
    );
    expect(screen.queryByTestId('unsent-shop-notices')).not.toBeInTheDocument();
    // The order emails' card is another call's: still there, untouched.
    expect(screen.getByTestId('unsent-order-emails')).toHaveTextContent(
      '3 order emails could not be sent',
    );
  });
});
