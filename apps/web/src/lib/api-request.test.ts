import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authJson, ServerError } from './api-request.ts';
import { getAccessToken, getRefreshToken, getUser, saveSession } from './session.ts';
import { testUser } from '../test-fixtures.ts';

const user = testUser;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function mockFetch(handler: Handler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(input instanceof Request ? input.url : input.toString(), init ?? {})),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const bearer = (init: RequestInit) => (init.headers as Record<string, string>).authorization;

describe('authJson: refresh once on 401', () => {
  beforeEach(() => saveSession(user, { accessToken: 'old-access', refreshToken: 'old-refresh' }));
  afterEach(() => vi.unstubAllGlobals());

  it('sends the stored access token', async () => {
    const fetch = mockFetch(() => json(200, { ok: 1 }));
    await expect(authJson('GET', '/address/u1')).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(bearer(fetch.mock.calls[0]![1]!)).toBe('Bearer old-access');
  });

  it('refreshes after a 401, stores both rotated tokens and retries with the new one', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/auth/refresh') {
        expect(JSON.parse(init.body as string)).toEqual({ refreshToken: 'old-refresh' });
        return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      return bearer(init) === 'Bearer new-access' ? json(200, { ok: 2 }) : json(401, {});
    });
    await expect(authJson('GET', '/address/u1')).resolves.toEqual({ ok: 2 });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
    expect(getUser()).toEqual(user);
  });

  it('retries only once: a second 401 is thrown without another refresh', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/auth/refresh'
        ? json(200, { accessToken: 'a2', refreshToken: 'r2' })
        : json(401, { isError: true, msg: 'Unauthorized' }),
    );
    await expect(authJson('GET', '/x')).rejects.toMatchObject({ status: 401 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('signs out when the refresh is refused', async () => {
    mockFetch((url) =>
      url === '/api/auth/refresh'
        ? json(401, { isError: true, msg: 'Your session has expired. Please log in again.' })
        : json(401, { isError: true, msg: 'Unauthorized' }),
    );
    const error: unknown = await authJson('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as ServerError).status).toBe(401);
    expect(getUser()).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('keeps the session when the refresh cannot be reached', async () => {
    mockFetch((url) => {
      if (url === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      return json(401, {});
    });
    await expect(authJson('GET', '/x')).rejects.toThrow('Failed to fetch');
    expect(getUser()).toEqual(user);
  });

  it('calls made together share one refresh (a refresh token is good once)', async () => {
    let refreshes = 0;
    mockFetch(async (url, init) => {
      if (url === '/api/auth/refresh') {
        refreshes++;
        await new Promise((r) => setTimeout(r, 5));
        return json(200, { accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      return bearer(init) === 'Bearer new-access' ? json(200, { url }) : json(401, {});
    });
    const answers = await Promise.all([authJson('GET', '/a'), authJson('GET', '/b')]);
    expect(answers).toEqual([{ url: '/api/a' }, { url: '/api/b' }]);
    expect(refreshes).toBe(1);
  });

  it('uses the pair another tab stored when its own refresh lost the race', async () => {
    mockFetch((url, init) => {
      if (url === '/api/auth/refresh') {
        // The other tab rotated first: this tab's token is spent, the new pair is stored.
        localStorage.setItem('accessToken', 'tab2-access');
        localStorage.setItem('refreshToken', 'tab2-refresh');
        return json(401, {});
      }
      return bearer(init) === 'Bearer tab2-access' ? json(200, { ok: 3 }) : json(401, {});
    });
    await expect(authJson('GET', '/x')).resolves.toEqual({ ok: 3 });
    expect(getUser()).toEqual(user);
  });

  it('waits its turn across tabs and uses the pair a tab stored meanwhile, without a refresh', async () => {
    // Another tab holds the lock and rotates the pair before this tab gets it.
    const locks = {
      request: async (_name: string, run: () => Promise<unknown>) => {
        saveSession(user, { accessToken: 'other-tab-access', refreshToken: 'other-tab-refresh' });
        return run();
      },
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    const fetch = mockFetch((url, init) => {
      if (url === '/api/auth/refresh') return json(200, { accessToken: 'x', refreshToken: 'y' });
      return bearer(init) === 'Bearer other-tab-access' ? json(200, { ok: 3 }) : json(401, {});
    });
    await expect(authJson('GET', '/cart/u1')).resolves.toEqual({ ok: 3 });
    expect(fetch.mock.calls.map((c) => c[0] as string)).toEqual(['/api/cart/u1', '/api/cart/u1']);
    expect(getRefreshToken()).toBe('other-tab-refresh');
  });

  it('carries the server message of an error answer', async () => {
    mockFetch(() => json(400, { isError: true, msg: 'Shipping not available for this pincode' }));
    await expect(authJson('POST', '/address', {})).rejects.toMatchObject({
      status: 400,
      serverMessage: 'Shipping not available for this pincode',
    });
  });
});
