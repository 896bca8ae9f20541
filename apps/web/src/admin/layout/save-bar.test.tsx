import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '../lib/admin-session.ts';
import { AdminLayout } from './admin-layout.tsx';
import { SaveBar } from './save-bar.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The stacking level a Tailwind `z-N` class gives an element (0 without one). */
const zOf = (el: HTMLElement) => Number(/(?:^|\s)z-(\d+)(?:\s|$)/.exec(el.className)?.[1] ?? 0);

describe('the save bar beside the admin menu', () => {
  it('stays under the phone menu and the header, so it never covers Dashboard or Orders', async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))),
    );
    saveAdminSession(
      { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'x', role: 'owner' },
      { accessToken: 'a', refreshToken: 'r' },
    );
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <AdminLayout />,
          children: [
            {
              path: 'settings',
              element: (
                <form className="p-4">
                  <SaveBar label="Save keys" pending={false} saved={false} />
                </form>
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/settings'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    const bar = screen.getByTestId('save-bar');
    expect(zOf(nav)).toBeGreaterThan(zOf(bar));
    expect(zOf(screen.getByRole('banner'))).toBeGreaterThan(zOf(bar));
    expect(bar).toHaveClass('sticky', 'bottom-0');
  });
});
