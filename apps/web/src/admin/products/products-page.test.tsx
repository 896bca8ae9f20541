import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '../lib/admin-session.ts';
import { Component as ProductsPage } from './products-page.tsx';

function stubList(total: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ isError: false, data: [], page: 1, limit: 20, total })),
      ),
    ),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  saveAdminSession(
    { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'urbanroll', role: 'owner' },
    { accessToken: 'a', refreshToken: 'r' },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/products']}>
        <ProductsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the products page', () => {
  it('a shop without products is asked to add its first, with the button', async () => {
    stubList(0);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'Add your first product' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first product' })).toHaveAttribute(
      'href',
      '/products/new',
    );
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute(
      'href',
      '/products/categories',
    );
  });
});
