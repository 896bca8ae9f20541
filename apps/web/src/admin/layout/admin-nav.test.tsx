import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '../lib/admin-session.ts';
import { AdminLayout } from './admin-layout.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{"isError":false,"data":{}}'))),
  );
  saveAdminSession(
    { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'urbanroll', role: 'owner' },
    { accessToken: 'a', refreshToken: 'r' },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AdminLayout />}>
            <Route path="*" element={<p>page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const navLink = (name: string) =>
  within(screen.getAllByRole('list')[0]!).getByRole('link', { name });

describe('the admin menu', () => {
  it('has Categories under Products, and marks only the one open', () => {
    renderAt('/products/categories');
    const names = within(screen.getAllByRole('list')[0]!)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names.indexOf('Categories')).toBe(names.indexOf('Products') + 1);
    expect(navLink('Categories')).toHaveAttribute('aria-current', 'page');
    expect(navLink('Products')).not.toHaveAttribute('aria-current');
  });

  it('marks Products on a product', () => {
    renderAt('/products/new');
    expect(navLink('Products')).toHaveAttribute('aria-current', 'page');
    expect(navLink('Categories')).not.toHaveAttribute('aria-current');
  });
});
