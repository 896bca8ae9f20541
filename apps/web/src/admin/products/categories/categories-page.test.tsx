import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '../../lib/admin-session.ts';
import { Component as CategoriesPage } from './categories-page.tsx';
import { Component as OldLink } from './old-categories-link.tsx';

const posts: unknown[] = [];

function stubApi(answer: (body: Record<string, unknown>) => Response) {
  posts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/admin/content/categories' && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        posts.push(body);
        return Promise.resolve(answer(body));
      }
      if (url === '/api/admin/content/categories') {
        return Promise.resolve(new Response(JSON.stringify({ isError: false, data: [] })));
      }
      return Promise.resolve(new Response('{"isError":true,"msg":"not here"}', { status: 404 }));
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
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
          <Route path="/products/categories" element={<CategoriesPage />} />
          <Route path="/content/categories" element={<OldLink />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the categories page', () => {
  it('makes the key from the name; a key typed with spaces is refused beside it', async () => {
    stubApi(
      (body) =>
        new Response(JSON.stringify({ isError: false, data: { id: 'c1', ...body } }), {
          status: 201,
        }),
    );
    renderAt('/content/categories');
    expect(await screen.findByText(/add your first category/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    const form = screen.getByRole('form', { name: 'New category' });
    const name = within(form).getByLabelText('Name');
    const key = within(form).getByLabelText('Key');
    fireEvent.change(name, { target: { value: 'Cotton Kurtis' } });
    expect(key).toHaveValue('cotton-kurtis');

    fireEvent.change(key, { target: { value: 'Cotton Kurtis' } });
    expect(key).toHaveAccessibleDescription(/no spaces \(e\.g\. "cotton-kurtis"\)/);
    fireEvent.change(key, { target: { value: 'kurtis' } });
    expect(key).not.toHaveAccessibleDescription(/no spaces/);
    // Edited by hand, the key stays as typed when the name changes.
    fireEvent.change(name, { target: { value: 'Cotton Kurtas' } });
    expect(key).toHaveValue('kurtis');

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ name: 'Cotton Kurtas', category: 'kurtis' });
  });

  it("shows the API's duplicate key beside the key", async () => {
    stubApi(
      () =>
        new Response(
          JSON.stringify({
            isError: true,
            msg: 'Another category already has the key t-shirts.',
            field: 'category',
          }),
          { status: 409 },
        ),
    );
    renderAt('/products/categories');
    fireEvent.click(await screen.findByRole('button', { name: 'Add category' }));
    const form = screen.getByRole('form', { name: 'New category' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'T-Shirts' } });
    expect(within(form).getByLabelText('Key')).toHaveValue('t-shirts');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Key')).toHaveAccessibleDescription(
        'Another category already has the key t-shirts.',
      ),
    );
  });
});
