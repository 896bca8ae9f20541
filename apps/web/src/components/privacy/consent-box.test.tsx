import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_PURPOSES, type ConsentPurpose } from '@shop/domain';
import { saveSession } from '../../lib/session.ts';
import { testUser } from '../../test-fixtures.ts';
import { ConsentBox, LiveConsentBox } from './consent-box.tsx';

function Controlled() {
  const [on, setOn] = useState(false);
  return <ConsentBox purpose="marketing_email" checked={on} onChange={setOn} />;
}

const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('ConsentBox', () => {
  it('is unticked until the shopper ticks it, says it is optional and where to withdraw', () => {
    wrap(<Controlled />);
    const box = screen.getByRole('checkbox', { name: /Offers by email/ });
    expect(box).not.toBeChecked();
    expect(screen.getByText('(optional)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My account → Privacy' })).toHaveAttribute(
      'href',
      '/my-account/privacy#consents',
    );
    fireEvent.click(box);
    expect(box).toBeChecked();
  });
});

describe("ConsentBox's notice", () => {
  it('shows the notice of the purpose it asks: offers and WhatsApp the updates one, push its own', () => {
    const { container } = wrap(
      <>
        <ConsentBox purpose="marketing_email" checked={false} onChange={() => {}} />
        <ConsentBox purpose="whatsapp_updates" checked={false} onChange={() => {}} />
        <ConsentBox purpose="push" checked={false} onChange={() => {}} />
      </>,
    );
    const noticeOf = (purpose: ConsentPurpose) =>
      container
        .querySelector(`[data-consent="${purpose}"]`)
        ?.querySelector('details[data-privacy-notice]')
        ?.getAttribute('data-privacy-notice');
    expect(noticeOf('marketing_email')).toBe('updates');
    expect(noticeOf('whatsapp_updates')).toBe('updates');
    expect(noticeOf('push')).toBe('push');
    expect(screen.getAllByText('How we use this')).toHaveLength(3);
  });

  it("adds none to the course's photos: the admission form's own notice stands above it", () => {
    const { container } = wrap(
      <ConsentBox purpose="course_photos" checked={false} onChange={() => {}} />,
    );
    expect(container.querySelector('details[data-privacy-notice]')).toBeNull();
  });
});

describe('LiveConsentBox', () => {
  let granted: boolean;
  const calls: { method: string; body: unknown }[] = [];
  beforeEach(() => {
    granted = false;
    calls.length = 0;
    saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
    const status = (purpose: ConsentPurpose) => ({
      purpose,
      granted: purpose === 'whatsapp_updates' && granted,
      latest: null,
      history: [],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, body: init?.body ? JSON.parse(init.body as string) : undefined });
        if (method === 'POST') granted = true;
        if (method === 'DELETE') granted = false;
        const body =
          method === 'GET'
            ? { isError: false, data: CONSENT_PURPOSES.map(status) }
            : {
                isError: false,
                message: granted ? 'Consent given.' : 'Consent withdrawn. No WhatsApp messages.',
                data: status('whatsapp_updates'),
              };
        return Promise.resolve(new Response(JSON.stringify(body)));
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives the consent on the form it is on when ticked, and withdraws it when unticked', async () => {
    wrap(<LiveConsentBox userId={testUser.user_id} purpose="whatsapp_updates" source="checkout" />);
    const box = screen.getByRole('checkbox', { name: /Order updates on WhatsApp/ });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(box).toBeChecked();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      purpose: 'whatsapp_updates',
      source: 'checkout',
    });
    fireEvent.click(box);
    expect(await screen.findByText(/No WhatsApp messages/)).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });
});
