import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_EXPORT_FORMAT, type PrivacyExport } from '@shop/contracts';
import { saveSession } from '../../lib/session.ts';
import { testUser } from '../../test-fixtures.ts';
import { DownloadMyData, readable, valueText } from './download-my-data.tsx';

const file: PrivacyExport = {
  format: PRIVACY_EXPORT_FORMAT,
  generated_at: '2026-12-07T14:10:00.000Z',
  store_id: 'urbanroll',
  account_id: 'u1',
  sections: {
    profile: [{ id: 'u1', email: 'asha@example.com', full_name: 'Asha Rao' }],
    addresses: [],
    orders: [
      {
        id: 'o1',
        order_number: 10001,
        shipping_address: { new_address: '12 Test Road', city: 'Mumbai', pincode: '400050' },
        lines: [{ name: 'Crew Neck Tee', quantity: 2 }],
        timeline: [{ to_status: 'Pending', note: 'Order placed' }],
        utrs: [],
      },
    ],
    invoices: [],
    admissions: [{ id: 'a1', aadhaar_last4: 'XXXX XXXX 2346', aadhaar_reveals: [] }],
    enquiries: [],
    contact_messages: [],
    quotes: [],
    consents: [],
    sessions: [],
    push_devices: [],
    cart: [],
  },
  withheld: [{ column: 'users.password_hash', shown: 'no', why: 'a secret' }],
  not_included: [{ table: 'reviews', why: 'not linked to an account' }],
  legal_holds: [{ table: 'orders', law: 'CGST Act 2017 s.36', keep: '72 months' }],
};

describe('DownloadMyData', () => {
  beforeEach(() => saveSession(testUser, { accessToken: 'a', refreshToken: 'r' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the JSON file of GET /privacy/export with the account token', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(file))));
    vi.stubGlobal('fetch', fetch);
    const created: Blob[] = [];
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (b: Blob) => {
        created.push(b);
        return 'blob:x';
      },
      revokeObjectURL: () => {},
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<DownloadMyData />);
    fireEvent.click(screen.getByRole('button', { name: 'Download (JSON file)' }));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/privacy\/export$/);
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer a');
    expect(JSON.parse(await created[0]!.text())).toEqual(file);
  });

  it('shows the file as a readable page: sections with counts, the order with its lines, Aadhaar masked, what is withheld and kept', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(file))));
    render(<DownloadMyData />);
    fireEvent.click(screen.getByRole('button', { name: 'View to read or print' }));
    const view = await screen.findByTestId('my-data-view');
    expect(within(view).getByRole('heading', { name: 'Orders (1)' })).toBeInTheDocument();
    expect(within(view).getByRole('heading', { name: 'Lines (1)' })).toBeInTheDocument();
    expect(within(view).getByText('Crew Neck Tee')).toBeInTheDocument();
    expect(within(view).getByText('XXXX XXXX 2346')).toBeInTheDocument();
    expect(within(view).getByText(/new_address: 12 Test Road/)).toBeInTheDocument();
    expect(within(view).getByText(/users.password hash: a secret/)).toBeInTheDocument();
    expect(within(view).getByText(/CGST Act 2017 s.36; kept 72 months/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('says so when the server refuses', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ isError: true, msg: 'Your account was not found.' }), {
          status: 404,
        }),
      ),
    );
    render(<DownloadMyData />);
    fireEvent.click(screen.getByRole('button', { name: 'View to read or print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not shown:');
  });

  it('writes values plainly', () => {
    expect(valueText(null)).toBe('—');
    expect(valueText(true)).toBe('yes');
    expect(valueText({ city: 'Mumbai', area: '' })).toBe('city: Mumbai');
    expect(readable('total_amount_paise', 109700)).toEqual(['total amount', '₹1,097.00']);
    expect(readable('paid_at', '2026-12-07T14:10:00.000Z')[1]).toMatch(/7 Dec 2026/);
    expect(readable('order_number', 10001)).toEqual(['order number', '10001']);
  });
});
