import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '../lib/admin-session.ts';
import { Component as EditorPage } from './product-editor-page.tsx';

const MEMBER = '6f1c2a8e-1111-4222-8333-444455556666';
const posts: unknown[] = [];

function stubApi(answer: (body: unknown) => Response) {
  posts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        Promise.resolve(new Response(JSON.stringify(body), { status }));
      if (url.startsWith('/api/category/')) return json({ isError: false, data: [] });
      if (url.startsWith('/api/admin/products?')) {
        return json({
          isError: false,
          page: 1,
          limit: 10,
          total: 1,
          data: [
            {
              product_id: MEMBER,
              title: 'Skate Helmet',
              sku: 'UR-PG-1',
              image: '/h.png',
              product_type: 'Simple',
              status: 'Active',
              category: 'protective-gear',
              originalPrice: 999,
              discountPrice: 0,
              stock: 4,
              stock_level: 'low',
              variations: 0,
              updatedAt: '2026-11-23T10:00:00.000Z',
            },
          ],
        });
      }
      if (url === '/api/admin/products' && init?.method === 'POST') {
        const body: unknown = JSON.parse(init.body as string);
        posts.push(body);
        return Promise.resolve(answer(body));
      }
      return json({ isError: true, msg: 'not here' }, 404);
    }),
  );
}
afterEach(() => vi.unstubAllGlobals());

function renderNew() {
  saveAdminSession(
    { user_id: 'u1', email: 'o@example.com', full_name: 'O', main_id: 'urbanroll', role: 'owner' },
    { accessToken: 'a', refreshToken: 'r' },
  );
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/products/new']}>
        <Routes>
          <Route path="/products/new" element={<EditorPage />} />
          <Route path="/products/:productId" element={<p>opened</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the product editor', () => {
  it('a Grouped product: members picked by search are sent with the product', async () => {
    stubApi(
      () =>
        new Response(JSON.stringify({ isError: false, data: { product_id: MEMBER } }), {
          status: 201,
        }),
    );
    renderNew();
    fill('Title', 'Starter Kit');
    fill('SKU', 'KIT-1');
    fill('Category', 'protective-gear');
    fill('MRP (₹)', '1499');
    fill('Type', 'Grouped Product');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(
      await screen.findByText('A Grouped product needs at least one item.'),
    ).toBeInTheDocument();
    expect(posts).toEqual([]);

    fill('Find a product to add', 'helmet');
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Skate Helmet' }));
    expect(screen.getByRole('list', { name: 'Grouped items' })).toHaveTextContent('Skate Helmet');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('opened')).toBeInTheDocument();
    expect(posts).toEqual([
      expect.objectContaining({
        title: 'Starter Kit',
        product_type: 'Grouped Product',
        originalPrice: 1499,
        grouped_product: [{ title: 'Skate Helmet', image: '/h.png', product_id: MEMBER }],
        variation: [],
      }),
    ]);
  });

  it("shows the API's 409 under the box it names", async () => {
    stubApi(
      () =>
        new Response(
          JSON.stringify({
            isError: true,
            msg: 'The SKU KIT-1 is already used by another product.',
            field: 'sku',
          }),
          { status: 409 },
        ),
    );
    renderNew();
    fill('Title', 'Kit');
    fill('SKU', 'KIT-1');
    fill('Category', 'protective-gear');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() =>
      expect(screen.getByLabelText('SKU')).toHaveAccessibleDescription(
        'The SKU KIT-1 is already used by another product.',
      ),
    );
    expect(posts).toHaveLength(1);
  });
});
