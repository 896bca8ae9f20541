import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUser, saveSession } from '../../../lib/session.ts';
import { testUser } from '../../../test-fixtures.ts';
import { FCM_OPTIONS, stubPushBrowser, unstubPushBrowser } from '../web-push-test-support.ts';
import { useAccountStart } from './use-account-start.ts';

const firebase = vi.hoisted(() => ({
  getToken: vi.fn((..._args: unknown[]) => Promise.resolve('fcm-web-token-1')),
}));
vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: () => ({ name: 'shop' }) }));
vi.mock('firebase/messaging', () => ({
  isSupported: () => Promise.resolve(true),
  getMessaging: () => ({}),
  getToken: firebase.getToken,
}));

function Probe() {
  useAccountStart();
  return null;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answerUser(status: number, body: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      calls.push({ url, body: init?.body ? JSON.parse(init.body as string) : undefined });
      return Promise.resolve(
        url.includes('/registeruser/single/') ? json(status, body) : json(200, { success: true }),
      );
    }),
  );
  return calls;
}

describe('useAccountStart', () => {
  beforeEach(() => saveSession(testUser, { accessToken: 'a', refreshToken: 'r' }));
  afterEach(() => {
    unstubPushBrowser();
    firebase.getToken.mockClear();
  });

  it('refreshes the stored user and sends no device token without notification permission', async () => {
    const fresh = { ...testUser, full_name: 'Asha R.', name: 'Asha R.' };
    const calls = answerUser(200, {
      isError: false,
      status: 200,
      message: 'ok',
      mobile: fresh.mobile,
      user_gstNo: '',
      data: fresh,
    });
    render(<Probe />);
    await waitFor(() => expect(getUser()?.full_name).toBe('Asha R.'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.map((c) => c.url)).toEqual(['/api/registeruser/single/u1']);
  });

  it('sends no device token when notifications are allowed but the shop sends no web push', async () => {
    const calls = stubPushBrowser({
      permission: 'granted',
      fcm: null,
      userAnswer: () => ({ isError: false, status: 200, data: testUser }),
    });
    render(<Probe />);
    await waitFor(() => expect(calls.api.map((c) => c.url)).toContain('/api/push/options'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.api.map((c) => c.url)).not.toContain('/api/firebase/register-token');
    expect(firebase.getToken).not.toHaveBeenCalled();
  });

  it("registers the browser's real FCM token when notifications are allowed and the shop sends web push", async () => {
    const calls = stubPushBrowser({
      permission: 'granted',
      fcm: FCM_OPTIONS,
      userAnswer: () => ({ isError: false, status: 200, data: testUser }),
    });
    render(<Probe />);
    await waitFor(() =>
      expect(calls.api.find((c) => c.url === '/api/firebase/register-token')?.body).toEqual({
        user_id: 'u1',
        deviceToken: 'fcm-web-token-1',
        // The app's start is a refresh, not an opt-in: no consent is given by it.
        refresh: true,
      }),
    );
    expect(firebase.getToken).toHaveBeenCalledWith(expect.anything(), {
      vapidKey: 'BVapid',
      serviceWorkerRegistration: { scope: '/' },
    });
    const { register } = navigator.serviceWorker as unknown as { register: () => unknown };
    expect(register).toHaveBeenCalledWith('/push-sw.js');
  });

  it('asks the Permissions API, not Notification.permission, whether notifications are allowed', async () => {
    const calls = stubPushBrowser({
      permission: 'default',
      fcm: FCM_OPTIONS,
      userAnswer: () => ({ isError: false, status: 200, data: testUser }),
    });
    render(<Probe />);
    await waitFor(() => expect(calls.permissionQueries).toEqual(['notifications']));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.permissionReads).toBe(0);
    expect(calls.api.map((c) => c.url)).toEqual(['/api/registeruser/single/u1']);
  });

  it('falls back to Notification.permission in a browser without the Permissions API', async () => {
    const calls = stubPushBrowser({
      permission: 'granted',
      permissionsApi: false,
      fcm: FCM_OPTIONS,
      userAnswer: () => ({ isError: false, status: 200, data: testUser }),
    });
    render(<Probe />);
    await waitFor(() =>
      expect(calls.api.map((c) => c.url)).toContain('/api/firebase/register-token'),
    );
  });

  it('removes the user when the server says "User not found"', async () => {
    answerUser(404, { isError: true, msg: 'User not found', message: 'User not found' });
    render(<Probe />);
    await waitFor(() => expect(getUser()).toBeNull());
  });

  it('removes the user when the answer has status 201', async () => {
    answerUser(200, { isError: false, status: 201, message: 'gone', data: testUser });
    render(<Probe />);
    await waitFor(() => expect(getUser()).toBeNull());
  });

  it('keeps the user when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(<Probe />);
    await new Promise((r) => setTimeout(r, 20));
    expect(getUser()).toEqual(testUser);
  });
});
