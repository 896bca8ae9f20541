import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getUser, saveSession } from '../../../lib/session.ts';
import { testUser } from '../../../test-fixtures.ts';
import { useAccountStart } from './use-account-start.ts';

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
  afterEach(() => vi.unstubAllGlobals());

  it('refreshes the stored user and registers a null device token without permission', async () => {
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
    expect(calls.map((c) => c.url)).toEqual([
      '/api/registeruser/single/u1',
      '/api/firebase/register-token',
    ]);
    expect(calls[1]?.body).toEqual({ user_id: 'u1', deviceToken: null });
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
