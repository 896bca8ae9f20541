import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../router.tsx';
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

  it('covers every route of the app: each page has an error element above it or on it', () => {
    const uncovered: string[] = [];
    const walk = (list: RouteObject[], covered: boolean, at: string) => {
      for (const route of list) {
        const here = covered || Boolean(route.ErrorBoundary ?? route.errorElement);
        const path = route.index ? `${at}(index)` : `${at}${route.path ?? ''}/`;
        if (route.children) walk(route.children, here, path);
        else if (!here) uncovered.push(path);
      }
    };
    walk(routes, false, '/');
    expect(uncovered).toEqual([]);
    // Pages fail inside the layout (header and footer stay), the layout on its own.
    expect(routes[0]?.ErrorBoundary).toBe(RouteError);
    expect(routes[0]?.children?.[0]?.ErrorBoundary).toBe(RouteError);
  });
});
