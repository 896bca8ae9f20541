import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkError } from './offline.ts';
import { RouteError } from './route-error.tsx';

function Broken(): never {
  throw new Error('malformed data');
}

afterEach(() => vi.restoreAllMocks());

describe('the route error element', () => {
  it('shows a friendly message with Retry and a way home, and logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [{ path: '/x', Component: Broken, ErrorBoundary: RouteError }],
      {
        initialEntries: ['/x'],
      },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'Sorry, something went wrong.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(logged).toHaveBeenCalledWith(
      'Page /x failed to render',
      expect.objectContaining({ message: 'malformed data' }),
    );
  });

  it('Retry loads the page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const router = createMemoryRouter([
      { path: '/', Component: Broken, ErrorBoundary: RouteError },
    ]);
    render(<RouterProvider router={router} />);
    (await screen.findByRole('button', { name: 'Retry' })).click();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('says "You are offline" with Try again when a page could not be fetched', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const router = createMemoryRouter([
      {
        path: '/',
        lazy: () =>
          Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')),
        ErrorBoundary: RouteError,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(screen.queryByText(/something went wrong/i)).not.toBeInTheDocument();
    expect(logged).not.toHaveBeenCalled();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(reload).toHaveBeenCalledOnce();
    // Back online, the page loads again by itself.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('says "You are offline" while the browser is offline, whatever failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const router = createMemoryRouter([
      { path: '/', Component: Broken, ErrorBoundary: RouteError },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
  });
});

describe('isNetworkError', () => {
  it.each([
    new TypeError('Failed to fetch'),
    new TypeError('NetworkError when attempting to fetch resource.'),
    new TypeError('Load failed'),
    new TypeError('Importing a module script failed.'),
    new TypeError('error loading dynamically imported module: /x.js'),
  ])('is true for %s', (error) => {
    expect(isNetworkError(error)).toBe(true);
  });

  it.each([new Error('malformed data'), new TypeError('x is undefined'), 'Failed to fetch', null])(
    'is false for %s',
    (error) => {
      expect(isNetworkError(error)).toBe(false);
    },
  );
});
