import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrivacyErasure } from '@shop/contracts';
import { Component as DataErasedPage } from '../../app/routes/data-erased-page.tsx';
import { getAccessToken, getUser, saveSession } from '../../lib/session.ts';
import { testUser } from '../../test-fixtures.ts';
import { EraseMyData, ERASED_PATH, erasedWords, tableWords } from './erase-my-data.tsx';

const done: PrivacyErasure = {
  id: 'e1',
  status: 'done',
  requested_at: '2026-12-07T14:10:00.000Z',
  due_at: '2027-03-07T14:10:00.000Z',
  done_at: '2026-12-07T14:10:01.000Z',
  waiting_for: [],
  erased: [
    { table: 'addresses', erased: 2, anonymised: 0 },
    { table: 'users', erased: 0, anonymised: 1 },
    { table: 'cart_lines', erased: 0, anonymised: 0 },
  ],
  kept: [
    {
      table: 'tax_documents',
      rows: 3,
      law: 'CGST Act 2017 s.36 (with CGST Rules 56-58): accounts and records, GST invoices',
      keep: '72 months',
    },
  ],
};
const waiting: PrivacyErasure = {
  ...done,
  status: 'waiting',
  done_at: null,
  waiting_for: ['UR-10001', 'UR-10002'],
  erased: [],
  kept: [],
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake API: GET /privacy/erasure answers `existing`; POST answers `answer` with `status`. */
function fakeServer(existing: PrivacyErasure | null, answer: unknown, status = 200) {
  const calls: Call[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const json = (body: unknown, s = 200) =>
      Promise.resolve(new Response(JSON.stringify(body), { status: s }));
    if (url === '/api/privacy/erasure' && method === 'GET') {
      return json({ isError: false, data: existing });
    }
    if (url === '/api/privacy/erasure' && method === 'POST') return json(answer, status);
    return json({}, 404);
  });
  return { calls, fetch };
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/my-account/privacy', element: <EraseMyData userId={testUser.user_id} /> },
      { path: ERASED_PATH, element: <DataErasedPage /> },
    ],
    { initialEntries: ['/my-account/privacy'] },
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

// jsdom has <dialog> but not its modal methods: open and close it as the browser would.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

describe('EraseMyData', () => {
  beforeEach(() => saveSession(testUser, { accessToken: 'a', refreshToken: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('says what erasure removes, what the law keeps, that it cannot be undone and signs out', async () => {
    vi.stubGlobal('fetch', fakeServer(null, null).fetch);
    renderPage();
    const section = await screen.findByTestId('erase-my-data');
    await within(section).findByRole('button', { name: 'Erase my data' });
    expect(section).toHaveTextContent(
      /profile, addresses, cart, enquiries, quote requests, admissions, sign-in sessions and phones getting updates/,
    );
    expect(section).toHaveTextContent(/GST invoices and the order records behind them for 8 years/);
    expect(section).toHaveTextContent(/CGST Act 2017 s.36/);
    expect(section).toHaveTextContent(/cannot be undone, and you will be signed out/);
  });

  it('asks first (one tap erases nothing), and Keep my data closes the question', async () => {
    const server = fakeServer(null, null);
    vi.stubGlobal('fetch', server.fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase my data' }));
    const dialog = screen.getByRole('dialog', { name: 'Erase your data?' });
    expect(dialog).toHaveTextContent(/cannot be undone/);
    expect(dialog).toHaveTextContent(/kept for 8 years/);
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my data' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('done: posts {confirm:true}, signs out here and shows what was erased and what is kept', async () => {
    const server = fakeServer(null, { isError: false, data: done });
    vi.stubGlobal('fetch', server.fetch);
    const router = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase my data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, erase my data' }));
    expect(
      await screen.findByRole('heading', { name: 'Your data was erased' }),
    ).toBeInTheDocument();
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ confirm: true });
    expect(router.state.location.pathname).toBe(ERASED_PATH);
    expect(getUser()).toBeNull();
    expect(getAccessToken()).toBeNull();
    const outcome = screen.getByTestId('erasure-outcome');
    expect(outcome).toHaveTextContent('Addresses: 2 deleted');
    expect(outcome).toHaveTextContent('Your account (profile): 1 kept with your details removed');
    expect(outcome).not.toHaveTextContent('Cart');
    expect(outcome).toHaveTextContent(/GST invoices and credit notes \(3\): CGST Act 2017 s.36/);
    expect(outcome).toHaveTextContent(/kept 72 months/);
  });

  it('waiting: names the orders it waits for and the date it is due by; no button', async () => {
    vi.stubGlobal('fetch', fakeServer(null, { isError: false, data: waiting }).fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase my data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, erase my data' }));
    const box = await screen.findByTestId('erasure-waiting');
    expect(box).toHaveTextContent(
      /once orders UR-10001, UR-10002 are delivered or cancelled, and by 7 Mar 2027/,
    );
    expect(screen.queryByRole('button', { name: 'Erase my data' })).toBeNull();
    expect(getUser()).not.toBeNull();
  });

  it('409: shows the server message next to the button', async () => {
    const msg = 'You already asked for your data to be erased.';
    vi.stubGlobal('fetch', fakeServer(null, { isError: true, msg }, 409).fetch);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Erase my data' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, erase my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(getUser()).not.toBeNull();
  });

  it('on load, an earlier request waiting is shown instead of the button', async () => {
    vi.stubGlobal('fetch', fakeServer(waiting, null).fetch);
    renderPage();
    expect(await screen.findByTestId('erasure-waiting')).toHaveTextContent(/UR-10001/);
    expect(screen.queryByRole('button', { name: 'Erase my data' })).toBeNull();
  });

  it('words tables and counts for the shopper', () => {
    expect(tableWords('quote_requests')).toBe('Quote requests');
    expect(tableWords('something_new')).toBe('something new');
    expect(erasedWords({ erased: 1, anonymised: 2 })).toBe(
      '1 deleted, 2 kept with your details removed',
    );
  });
});

describe('the erased page', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('says the data was erased even without the answer (opened afresh)', () => {
    const router = createMemoryRouter([{ path: ERASED_PATH, element: <DataErasedPage /> }], {
      initialEntries: [ERASED_PATH],
    });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 404 })));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Your data was erased' })).toBeInTheDocument();
    expect(screen.queryByTestId('erasure-outcome')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  });
});
