import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Breach } from '@shop/contracts';
import { saveAdminSession } from '../lib/admin-session.ts';
import { Component as PrivacyPage } from './privacy-page.tsx';

const recorded: Breach = {
  id: '6f1c2a8e-1111-4222-8333-444455556666',
  description: 'A staff phone with the orders app signed in was stolen.',
  occurred_at: null,
  found_at: '2026-12-07T04:00:00.000Z',
  data_kinds: ['names', 'phones'],
  people_affected: 40,
  measures: 'Signed it out.',
  shoppers_told_at: null,
  board_reported_at: null,
  board_report_due_at: '2026-12-10T04:00:00.000Z',
  created_at: '2026-12-07T05:00:00.000Z',
  drafts: {
    shoppers: { subject: 'Important: a data breach at Urban Roll', text: 'Dear customer, …' },
    board: { subject: 'Personal data breach report', text: '1. Description …' },
  },
};
const sent: { method: string; body: unknown }[] = [];
let breaches: Breach[] = [];

function stubApi() {
  sent.length = 0;
  breaches = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        Promise.resolve(new Response(JSON.stringify(body), { status }));
      const method = init?.method ?? 'GET';
      const body: unknown = init?.body ? JSON.parse(init.body as string) : undefined;
      if (method !== 'GET') sent.push({ method, body });
      if (url === '/api/admin/privacy/breaches' && method === 'POST') {
        breaches = [recorded];
        return json({ isError: false, data: recorded }, 201);
      }
      if (url === '/api/admin/privacy/breaches') return json({ isError: false, data: breaches });
      if (url === `/api/admin/privacy/breaches/${recorded.id}` && method === 'PATCH') {
        breaches = [{ ...recorded, shoppers_told_at: '2026-12-07T06:00:00.000Z' }];
        return json({ isError: false, data: breaches[0] });
      }
      return json({ isError: true, msg: 'not here' }, 404);
    }),
  );
}

function renderPage() {
  saveAdminSession(
    { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'urbanroll', role: 'owner' },
    { accessToken: 'a', refreshToken: 'r' },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(stubApi);
afterEach(() => vi.unstubAllGlobals());

describe('Admin → Privacy: the breach register (issue 61 item 6)', () => {
  it('links to the retention periods in Settings (issue 61 item 5)', async () => {
    renderPage();
    expect(await screen.findByText('No breach recorded.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'How long data is kept → Settings' })).toHaveAttribute(
      'href',
      '/settings#privacy',
    );
  });

  it('names each missing field beside it and sends nothing', async () => {
    renderPage();
    expect(await screen.findByText('No breach recorded.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Record a breach' }));
    fireEvent.click(screen.getByRole('button', { name: 'Record breach' }));
    const what = screen.getByRole('textbox', { name: 'What happened' });
    expect(what).toHaveAccessibleDescription('Say what happened, in a sentence or more');
    await vi.waitFor(() => expect(what).toHaveFocus());
    expect(
      screen.getByRole('textbox', { name: 'How many people (your best count)' }),
    ).toHaveAccessibleDescription('Give a number (your best count)');
    expect(sent).toEqual([]);
  });

  it('records a breach, then shows it with both drafts and stamps the shoppers told', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Record a breach' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'What happened' }), {
      target: { value: recorded.description },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Names' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mobile numbers' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'How many people (your best count)' }), {
      target: { value: '40' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record breach' }));
    expect(await screen.findByText(/^Breach recorded\./)).toHaveAttribute('role', 'status');
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: {
        description: recorded.description,
        occurred_at: null,
        data_kinds: ['names', 'phones'],
        people_affected: 40,
      },
    });
    const card = within(await screen.findByRole('listitem'));
    expect(card.getByText(/Due by/)).toBeVisible();
    expect(card.getByText('Important: a data breach at Urban Roll')).toBeInTheDocument();
    fireEvent.click(card.getByRole('button', { name: 'I have told the shoppers' }));
    expect(await card.findByText(/^Shoppers told/)).toBeVisible();
    expect(sent[1]).toEqual({ method: 'PATCH', body: { shoppers_told: true } });
  });
});
