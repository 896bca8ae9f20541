import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InboxItemDetail } from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { Component as InboxItemPage } from './inbox-item-page.tsx';

const ID = '6f1c2a8e-1111-4222-8333-444455556666';
const admission: InboxItemDetail = {
  kind: 'admission',
  id: ID,
  name: 'Riya Rao',
  email: 'parent@example.com',
  mobile: '9876543210',
  summary: 'Malad (W)',
  status: 'new',
  assignee_id: null,
  assignee_email: null,
  version: 0,
  created_at: '2026-11-23T10:00:00.000Z',
  due_at: null,
  links: { tel: 'tel:+919876543210', whatsapp: 'https://wa.me/919876543210?text=Hello' },
  fields: [{ label: 'Aadhaar', value: 'XXXX XXXX 2346' }],
  amount: null,
  notes: [],
  history: [],
};

const calls: { method: string; url: string }[] = [];
function stubApi() {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      const json = (body: unknown) =>
        Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      if (url === `/api/admin/inbox/admission/${ID}`)
        return json({ isError: false, data: admission });
      if (url === '/api/admin/inbox/assignees') return json({ isError: false, data: [] });
      if (url === `/api/admin/inbox/admission/${ID}/reveal` && method === 'POST') {
        return json({ isError: false, data: { admission_id: ID, aadhar: '234123412346' } });
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

// jsdom has <dialog> but not its modal methods: open and close it as the browser would.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

function renderAs(role: 'staff' | 'owner') {
  saveAdminSession(
    { user_id: 'u1', email: `${role}@example.com`, full_name: role, main_id: 'urbanroll', role },
    { accessToken: 'a', refreshToken: 'r' },
  );
  stubApi();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[`/inbox/admission/${ID}`]}>
        <Routes>
          <Route path="/inbox/:kind/:id" element={<InboxItemPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('an admission in the inbox', () => {
  it('shows staff the Aadhaar masked and no Reveal', async () => {
    renderAs('staff');
    expect(await screen.findByText('XXXX XXXX 2346')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'WhatsApp Riya Rao' })).toHaveAttribute(
      'href',
      'https://wa.me/919876543210?text=Hello',
    );
    expect(screen.queryByRole('button', { name: 'Reveal Aadhaar' })).toBeNull();
  });

  it('names the call link by the number it shows (its visible text is in its name)', async () => {
    renderAs('staff');
    const call = await screen.findByRole('link', { name: /^Call / });
    expect(call).toHaveAttribute('href', 'tel:+919876543210');
    expect(call.textContent).toMatch(/^Call \+91 \d+/);
    expect(call).toHaveAccessibleName(`${call.textContent} (Riya Rao)`);
  });

  it('lets the owner reveal it only after confirming', async () => {
    renderAs('owner');
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal Aadhaar' }));
    expect(calls.some((c) => c.url.endsWith('/reveal'))).toBe(false);
    const reveal = await screen.findByRole('button', { name: /^Reveal$/ });
    expect(within(reveal.closest('dialog')!).getByText(/recorded/)).toBeInTheDocument();
    fireEvent.click(reveal);
    expect(await screen.findByText('2341 2341 2346')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/reveal'))).toEqual([
      { method: 'POST', url: `/api/admin/inbox/admission/${ID}/reveal` },
    ]);
  });
});
