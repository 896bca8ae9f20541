import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { testUser } from '../../../test-fixtures.ts';
import { FCM_OPTIONS, stubPushBrowser, unstubPushBrowser } from '../web-push-test-support.ts';
import { PushOffer } from './push-offer.tsx';

vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: () => ({ name: 'shop' }) }));
vi.mock('firebase/messaging', () => ({
  isSupported: () => Promise.resolve(true),
  getMessaging: () => ({}),
  getToken: () => Promise.resolve('fcm-web-token-2'),
}));

function renderOffer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PushOffer />
    </QueryClientProvider>,
  );
}

const button = () => screen.queryByRole('button', { name: 'Get updates on this phone' });

describe('PushOffer', () => {
  beforeEach(() => saveSession(testUser, { accessToken: 'a', refreshToken: 'r' }));
  afterEach(() => unstubPushBrowser());

  it('offers nothing when the shop sends no web push', async () => {
    const calls = stubPushBrowser({ permission: 'default', fcm: null });
    renderOffer();
    await vi.waitFor(() => expect(calls.api.map((c) => c.url)).toEqual(['/api/push/options']));
    expect(button()).toBeNull();
  });

  it('asks only on a tap, then registers the real token and says so beside the button', async () => {
    const calls = stubPushBrowser({ permission: 'default', answer: 'granted', fcm: FCM_OPTIONS });
    renderOffer();
    fireEvent.click(await screen.findByRole('button', { name: 'Get updates on this phone' }));
    expect(
      await screen.findByText('Done: this phone will get a notification when your order moves.'),
    ).toBeInTheDocument();
    expect(calls.api.find((c) => c.url === '/api/firebase/register-token')?.body).toEqual({
      user_id: 'u1',
      deviceToken: 'fcm-web-token-2',
    });
    expect(button()).toBeNull();
  });

  it('registers nothing and says how to allow them when the shopper blocks notifications', async () => {
    const calls = stubPushBrowser({ permission: 'default', answer: 'denied', fcm: FCM_OPTIONS });
    renderOffer();
    fireEvent.click(await screen.findByRole('button', { name: 'Get updates on this phone' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(calls.api.map((c) => c.url)).not.toContain('/api/firebase/register-token');
  });

  it('is not shown once the shopper has answered the browser', async () => {
    const calls = stubPushBrowser({ permission: 'denied', fcm: FCM_OPTIONS });
    renderOffer();
    await vi.waitFor(() => expect(calls.api.map((c) => c.url)).toContain('/api/push/options'));
    await new Promise((r) => setTimeout(r, 20));
    expect(button()).toBeNull();
  });
});
