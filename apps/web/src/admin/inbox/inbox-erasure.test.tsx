import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxItem, InboxItemDetail } from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { InboxItemCard, InboxItemTable } from './inbox-item-list.tsx';
import { Component as InboxItemPage } from './inbox-item-page.tsx';

const ID = '6f1c2a8e-1111-4222-8333-444455556677';
const erased: InboxItem = {
  kind: 'erasure',
  id: ID,
  name: 'Erased account',
  email: '',
  mobile: '',
  summary: 'Erased on 08/12/2026',
  status: 'new',
  assignee_id: null,
  assignee_email: null,
  version: 0,
  created_at: '2026-12-01T06:00:00.000Z',
  due_at: '2027-03-01T06:00:00.000Z',
  links: { tel: null, whatsapp: null },
};
const detail: InboxItemDetail = {
  ...erased,
  fields: [
    { label: 'Asked by', value: 'The shopper, on their privacy page' },
    { label: 'Due by', value: '01/03/2027' },
    { label: 'State', value: 'Erased on 08/12/2026' },
    { label: 'What was done', value: 'addresses: 2 deleted\nusers: 1 anonymised\norders: 3 kept' },
    { label: 'Kept by law', value: 'orders (3): CGST Act 2017 s.36; kept 72 months' },
  ],
  amount: null,
  notes: [],
  history: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('an erasure request in the inbox', () => {
  it('shows its state and due date on the phone card and in the table', () => {
    render(
      <MemoryRouter>
        <InboxItemCard item={erased} />
        <InboxItemTable items={[erased]} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText('Erased on 08/12/2026')).toHaveLength(2);
    expect(screen.getAllByText('Due by 01/03/2027')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Erased account' })[0]).toHaveAttribute(
      'href',
      `/inbox/erasure/${ID}`,
    );
    expect(screen.getAllByText('Erasure request · 01/12/26 - 11:30').length).toBeGreaterThan(0);
  });

  it('shows on its page what was done per table and what the law keeps', async () => {
    saveAdminSession(
      {
        user_id: 'u1',
        email: 'owner@example.com',
        full_name: 'o',
        main_id: 'urbanroll',
        role: 'owner',
      },
      { accessToken: 'a', refreshToken: 'r' },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const json = (body: unknown) =>
          Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
        if (url === `/api/admin/inbox/erasure/${ID}`) return json({ isError: false, data: detail });
        if (url === '/api/admin/inbox/assignees') return json({ isError: false, data: [] });
        return Promise.resolve(new Response('{}', { status: 404 }));
      }),
    );
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter initialEntries={[`/inbox/erasure/${ID}`]}>
          <Routes>
            <Route path="/inbox/:kind/:id" element={<InboxItemPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const sender = await screen.findByRole('region', { name: 'Sender' });
    expect(within(sender).getByText('Erasure request')).toBeInTheDocument();
    expect(within(sender).getByText('01/03/2027')).toBeInTheDocument();
    const done = within(sender).getByText(/addresses: 2 deleted/);
    expect(done.textContent).toBe('addresses: 2 deleted\nusers: 1 anonymised\norders: 3 kept');
    expect(done).toHaveClass('whitespace-pre-line');
    expect(within(sender).getByText(/CGST Act 2017 s.36; kept 72 months/)).toBeInTheDocument();
    expect(within(sender).getByText('No mobile number')).toBeInTheDocument();
  });
});
