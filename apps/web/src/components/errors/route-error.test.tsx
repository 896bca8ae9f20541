import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
