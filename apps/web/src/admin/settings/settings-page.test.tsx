import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreProfile } from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { Component as SettingsPage } from './settings-page.tsx';

const PROFILE: StoreProfile = {
  configured: true,
  name: 'Rani Sarees',
  logo: '',
  color: '#2563eb',
  email: '',
  phone: '',
  whatsapp_number: '',
  legal_name: 'Rani Sarees LLP',
  gstin: '',
  state: 'Maharashtra',
  gst_state_code: '27',
  invoice_address: '',
  office_address: '14 Hill Road, Mumbai',
  office_pincode: '400050',
  office_latitude: 19.06,
  office_longitude: 72.83,
  road_factor: 1.3,
  notification_email: '',
  low_stock_threshold: 5,
  delivery_percentage: 0,
  grievance_officer_name: '',
  grievance_officer_email: '',
  grievance_officer_phone: '',
};
const UPI = {
  upi_id: 'rani@okaxis',
  payee_name: 'Rani Sarees',
  enabled: false,
  qr_image: '',
  test_payment: null,
};
const ANSWERS: Record<string, unknown> = {
  '/api/admin/settings/profile': PROFILE,
  '/api/admin/settings/upi': UPI,
  '/api/admin/settings/buttons': {
    cart_buttons: [{ button_id: 'addtocart', active: true }],
    default_cart_button: 'addtocart',
    pay_buttons: [{ button_id: 'payondelivery', label: 'Pay on delivery', active: true }],
  },
  '/api/admin/settings/payment-keys': {
    gateway: 'sandbox',
    own_keys: false,
    key_id: '',
    key_secret: null,
    webhook_secret_set: false,
    webhook_url: 'https://shop.example.in/api/payment/webhook',
  },
  '/api/admin/settings/security': { staff_second_factor: false, email_ready: true },
  '/api/admin/settings/academy': { pay_at_academy: false },
  '/api/admin/settings/retention': { enquiry_retention_days: 730, inactive_account_days: 1095 },
};

const writes: { path: string; body: Record<string, unknown> }[] = [];
function stubApi() {
  writes.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      const json = (status: number, b: unknown) =>
        Promise.resolve(new Response(JSON.stringify(b), { status }));
      const data = ANSWERS[path];
      if (data === undefined) return json(404, { isError: true, msg: 'Not found' });
      if (init?.method === 'PUT') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        writes.push({ path, body });
        return json(200, { isError: false, data: { ...(data as object), ...body } });
      }
      return json(200, { isError: false, data });
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  saveAdminSession(
    { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'x', role: 'owner' },
    { accessToken: 'a', refreshToken: 'r' },
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/">Dashboard</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>The dashboard</p> },
          { path: '/settings', Component: SettingsPage },
        ],
      },
    ],
    { initialEntries: ['/settings'] },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Five forms load at once: on a busy machine that may take a while. */
const LOAD = { timeout: 5000 };

const form = (name: RegExp) => screen.getByRole('form', { name });

describe('the settings page', () => {
  it('saving one part keeps another part’s unsaved edits, and says Saved beside its own button only', async () => {
    stubApi();
    renderPage();
    fireEvent.change(await screen.findByLabelText('Shop name', {}, LOAD), {
      target: { value: 'Rani Silks' },
    });
    const upi = await screen.findByRole('form', { name: /UPI payments/ }, LOAD);
    fireEvent.change(within(upi).getByLabelText(/^Payee name/), {
      target: { value: 'Rani Silks' },
    });
    fireEvent.click(within(upi).getByRole('button', { name: 'Save UPI settings' }));

    expect(await within(upi).findByText('Saved.')).toBeInTheDocument();
    expect(writes.map((w) => w.path)).toEqual(['/api/admin/settings/upi']);
    expect(screen.getByLabelText('Shop name')).toHaveValue('Rani Silks');
    expect(within(form(/Store profile/)).queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('turns paying for courses at the academy on (off until ticked), saved on its own', async () => {
    stubApi();
    renderPage();
    const courses = await screen.findByRole('form', { name: 'Courses' }, LOAD);
    const tick = within(courses).getByRole('checkbox', {
      name: /Parents may pay for courses at the academy/,
    });
    expect(tick).not.toBeChecked();
    fireEvent.click(tick);
    fireEvent.click(within(courses).getByRole('button', { name: 'Save courses' }));
    expect(await within(courses).findByText('Saved.')).toBeInTheDocument();
    expect(writes).toEqual([
      { path: '/api/admin/settings/academy', body: { pay_at_academy: true } },
    ]);
  });

  it('asks before leaving with unsaved edits: Stay keeps them, Leave goes', async () => {
    stubApi();
    const router = renderPage();
    // Nothing typed: the page is left without a question.
    await screen.findByLabelText('Shop name', {}, LOAD);
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    await router.navigate('/settings');

    fireEvent.change(await screen.findByLabelText('Shop name', {}, LOAD), {
      target: { value: 'Rani Silks' },
    });
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Not saved yet: Store profile.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Shop name')).toHaveValue('Rani Silks');
    expect(router.state.location.pathname).toBe('/settings');

    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
  });

  it('asks the browser to confirm closing the tab only while edits are unsaved', async () => {
    stubApi();
    renderPage();
    const name = await screen.findByLabelText('Shop name', {}, LOAD);
    const closeTab = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(closeTab()).toBe(false);
    fireEvent.change(name, { target: { value: 'Rani Silks' } });
    await waitFor(() => expect(closeTab()).toBe(true));
    fireEvent.change(name, { target: { value: 'Rani Sarees' } });
    await waitFor(() => expect(closeTab()).toBe(false));
  });
});
