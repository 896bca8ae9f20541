import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentRecord, ConsentStatus } from '@shop/contracts';
import { CONSENT_PURPOSES, CONSENT_PURPOSE_TEXT, type ConsentPurpose } from '@shop/domain';
import { saveSession } from '../../../lib/session.ts';
import { testUser } from '../../../test-fixtures.ts';
import { ConsentList } from './consent-list.tsx';

/** A tiny stand-in of /api/privacy/consents: one shopper's rows, kept in memory. */
function fakeServer(initial: ConsentRecord[] = []) {
  const rows = [...initial];
  let n = rows.length;
  const statusOf = (purpose: ConsentPurpose): ConsentStatus => {
    const history = rows.filter((r) => r.purpose === purpose).reverse();
    const standing = history.find((r) => r.withdrawn_at === null) ?? null;
    return { purpose, granted: standing !== null, latest: standing ?? history[0] ?? null, history };
  };
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body: unknown = init?.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ method, url, body });
    if (method === 'GET') {
      return json({ isError: false, data: CONSENT_PURPOSES.map(statusOf) });
    }
    if (method === 'POST') {
      const { purpose, source } = body as { purpose: ConsentPurpose; source: 'privacy_page' };
      if (!statusOf(purpose).granted) {
        rows.push({
          id: `c${++n}`,
          purpose,
          source,
          notice_version: '1.abc',
          given_at: '2026-12-07T14:10:00.000Z',
          withdrawn_at: null,
        });
      }
      return json({ isError: false, message: 'Consent given.', data: statusOf(purpose) });
    }
    const purpose = url.split('/').pop() as ConsentPurpose;
    for (const r of rows) {
      if (r.purpose === purpose && r.withdrawn_at === null)
        r.withdrawn_at = '2026-12-07T15:00:00.000Z';
    }
    return json({
      isError: false,
      message: `Consent withdrawn. ${CONSENT_PURPOSE_TEXT[purpose].stops}`,
      data: statusOf(purpose),
    });
  });
  return { fetch, calls };
}

function renderList() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ConsentList userId={testUser.user_id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const item = (purpose: ConsentPurpose) =>
  screen.getByRole('listitem', { name: CONSENT_PURPOSE_TEXT[purpose].label });

describe('ConsentList', () => {
  beforeEach(() => saveSession(testUser, { accessToken: 'a', refreshToken: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists each purpose, off and never given for a new account', async () => {
    vi.stubGlobal('fetch', fakeServer().fetch);
    renderList();
    expect(await screen.findAllByRole('listitem')).toHaveLength(4);
    for (const purpose of CONSENT_PURPOSES) {
      expect(within(item(purpose)).getByText('Never given.')).toBeInTheDocument();
      expect(within(item(purpose)).getByRole('button', { name: 'Give consent' })).toBeEnabled();
    }
  });

  it('shows when and under which notice a consent was given; Withdraw in one tap says what stops; Give again', async () => {
    const server = fakeServer([
      {
        id: 'c1',
        purpose: 'whatsapp_updates',
        source: 'checkout',
        notice_version: '1.3f9a0c2e',
        given_at: '2026-12-07T14:10:00.000Z',
        withdrawn_at: null,
      },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    renderList();
    await screen.findAllByRole('listitem');
    const whatsapp = item('whatsapp_updates');
    expect(whatsapp).toHaveTextContent('On.');
    expect(whatsapp).toHaveTextContent('on checkout, under privacy notice version 1.3f9a0c2e');
    expect(whatsapp).toHaveTextContent('2026');

    fireEvent.click(within(whatsapp).getByRole('button', { name: 'Withdraw' }));
    expect(
      await within(whatsapp).findByText(/No WhatsApp messages are sent to you from now on/),
    ).toBeInTheDocument();
    expect(
      server.calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/whatsapp_updates')),
    ).toBe(true);
    expect(await within(whatsapp).findByText(/Withdrawn/)).toBeInTheDocument();

    fireEvent.click(await within(whatsapp).findByRole('button', { name: 'Give consent' }));
    expect(await within(whatsapp).findByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      purpose: 'whatsapp_updates',
      source: 'privacy_page',
    });
  });
});
