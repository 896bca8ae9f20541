import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  Dashboard,
  SaleChecklist,
  SendAgainOrderEmailsResponse,
  SendAgainShopNoticesResponse,
  UnsentOrderEmails,
} from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { Component as DashboardPage } from './dashboard-page.tsx';

/** A shop that can sell: paid by UPI and on delivery, nothing left to do. */
const READY: SaleChecklist = {
  blockers: [],
  missing_policy_pages: [],
  pay_modes: { offered: ['paymanual', 'payondelivery'], need_keys: [], advance_percent: 0 },
};

/** A shop just made: nothing but its buttons and pay on delivery at 0%. */
const NEW_SHOP: SaleChecklist = {
  blockers: ['address', 'product', 'delivery', 'policies', 'grievance'],
  missing_policy_pages: [
    'privacy-policy',
    'refund-policy',
    'terms-and-conditions',
    'shipping-and-delivery',
  ],
  pay_modes: { offered: ['payondelivery'], need_keys: [], advance_percent: 0 },
};

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
  sale_checklist: READY,
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

function stubApi(
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
  it('lists everything that stops a new shop’s sale, each with a link to the screen that fixes it', async () => {
    stubApi({ ...DASHBOARD, sale_checklist: NEW_SHOP });
    renderDashboard();
    const list = await screen.findByTestId('sale-checklist');
    expect(within(list).getByRole('heading', { name: 'Before your shop can sell' })).toBeVisible();
    expect(list).toHaveTextContent('5 things are left');
    const fixes: [string, string, string][] = [
      ['address', 'Fill in the store profile', '/settings#profile'],
      ['product', 'Add your first product', '/products/new'],
      ['delivery', 'Set the delivery charges', '/delivery'],
      ['policies', 'Create the policy pages', '/content/pages'],
      ['grievance', 'Name the grievance officer', '/settings#profile'],
    ];
    for (const [blocker, link, to] of fixes) {
      const item = within(list).getByTestId(`blocker-${blocker}`);
      expect(within(item).getByRole('link', { name: link })).toHaveAttribute('href', to);
    }
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getByTestId('blocker-policies')).toHaveTextContent(
      'Privacy policy, Refund policy, Terms and conditions and Shipping and delivery',
    );
    // What the new shop already takes, in plain words; no server setting on the list.
    expect(list).toHaveTextContent('Shoppers can pay on delivery.');
    expect(list).not.toHaveTextContent('SMTP');
    expect(screen.queryByText(/cannot take online payments/)).not.toBeInTheDocument();
  });

  it('says the shop can sell and what shoppers can pay with, once nothing stops a sale', async () => {
    stubApi();
    renderDashboard();
    const ready = await screen.findByTestId('sale-checklist');
    expect(within(ready).getByRole('heading', { name: 'Your shop can sell' })).toBeVisible();
    expect(ready).toHaveTextContent('Shoppers can pay by UPI and on delivery.');
    expect(within(ready).queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.queryByText(/cannot take online payments/)).not.toBeInTheDocument();
  });

  it('says which switched-on modes wait for Razorpay keys, with a link to add them', async () => {
    stubApi({
      ...DASHBOARD,
      sale_checklist: {
        ...READY,
        pay_modes: { offered: ['paymanual'], need_keys: ['paynow'], advance_percent: 0 },
      },
    });
    renderDashboard();
    const ready = await screen.findByTestId('sale-checklist');
    expect(ready).toHaveTextContent('Shoppers can pay by UPI.');
    expect(ready).toHaveTextContent('Pay now will be offered once the shop has Razorpay keys.');
    expect(within(ready).getByRole('link', { name: 'Add the Razorpay keys' })).toHaveAttribute(
      'href',
      '/settings#payment-keys',
    );
  });

  it('names a shop with no way to pay, and why, as one item to fix', async () => {
    stubApi({
      ...DASHBOARD,
      sale_checklist: {
        blockers: ['payment'],
        missing_policy_pages: [],
        pay_modes: { offered: [], need_keys: ['paynow', 'payondelivery'], advance_percent: 20 },
      },
    });
    renderDashboard();
    const item = await screen.findByTestId('blocker-payment');
    expect(item).toHaveTextContent(
      'Shoppers have no way to pay: Pay now and pay on delivery with a 20% advance need Razorpay keys.',
    );
    expect(
      within(item).getByRole('link', { name: /Turn on pay on delivery or Pay by UPI/ }),
    ).toHaveAttribute('href', '/settings#buttons');
    expect(screen.getByTestId('sale-checklist')).toHaveTextContent('One thing is left');
  });

  it('tells staff which items are the owner’s, and links the ones they can fix', async () => {
    stubApi({ ...DASHBOARD, recent_activity: null, sale_checklist: NEW_SHOP });
    renderDashboard('staff');
    const list = await screen.findByTestId('sale-checklist');
    expect(within(list).getByRole('link', { name: 'Add your first product' })).toBeVisible();
    expect(within(list).getByRole('link', { name: 'Create the policy pages' })).toBeVisible();
    expect(within(list).queryByRole('link', { name: 'Set the delivery charges' })).toBeNull();
    expect(
      within(within(list).getByTestId('blocker-delivery')).getByText('The shop owner sets this.'),
    ).toBeVisible();
  });

  it('folds what the server’s host must set into “For your developer”, said once', async () => {
    stubApi({ ...DASHBOARD, sale_checklist: NEW_SHOP, email_delivery: 'outbox_folder' });
    renderDashboard();
    const notes = await screen.findByTestId('for-your-developer');
    expect(notes.tagName).toBe('DETAILS');
    expect(notes).not.toHaveAttribute('open');
    expect(within(notes).getByText('For your developer').tagName).toBe('SUMMARY');
    expect(notes).toHaveTextContent('Whoever runs the server must set SMTP_URL');
    // Said once on the page, and not on the owner's checklist.
    expect(screen.getAllByText(/SMTP_URL/)).toHaveLength(1);
    expect(screen.getByTestId('sale-checklist')).not.toHaveTextContent('SMTP');
    fireEvent.click(within(notes).getByText('For your developer'));
    expect(notes).toHaveAttribute('open');
  });

  it('has nothing for the developer when emails leave the server', async () => {
    stubApi();
    renderDashboard();
    expect(await screen.findByText('Nothing is running low.')).toBeInTheDocument();
    expect(screen.queryByTestId('for-your-developer')).not.toBeInTheDocument();
    expect(screen.queryByText(/SMTP_URL/)).not.toBeInTheDocument();
  });

  it('names recent activity in words, and an action it does not know as it is', async () => {
    const entry = { entity: 'marquee', entity_id: 'm-1', actor_email: 's@example.com' };
    stubApi({
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
    stubApi({
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
    stubApi({
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
    stubApi({ ...DASHBOARD, unsent_order_emails: UNSENT });
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
    stubApi();
    renderDashboard();
    expect(await screen.findByText('Nothing is running low.')).toBeInTheDocument();
    expect(screen.queryByTestId('unsent-order-emails')).not.toBeInTheDocument();
  });

  it('sends them again: says beside the button that all went, and the card goes', async () => {
    stubApi(
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
