import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveAdminSession } from '../lib/admin-session.ts';
import { Component as EditorPage } from './product-editor-page.tsx';

const MEMBER = '6f1c2a8e-1111-4222-8333-444455556666';
const posts: unknown[] = [];
const SEEDED = [
  { id: 'c1', position: 1, name: 'Protective gear', category: 'protective-gear', status: 'Active' },
  { id: 'c2', position: 2, name: 'Cotton Kurtis', category: 'cotton-kurtis', status: 'Active' },
];
let categories: Record<string, unknown>[] = [];

function stubApi(answer: (body: unknown) => Response) {
  posts.length = 0;
  categories = SEEDED.map((c) => ({ ...c }));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const json = (body: unknown, status = 200) =>
        Promise.resolve(new Response(JSON.stringify(body), { status }));
      if (url === '/api/admin/content/categories' && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        categories.push({ id: `c${String(categories.length)}`, position: 9, ...body });
        return json({ isError: false, data: categories.at(-1) }, 201);
      }
      if (url === '/api/admin/content/categories')
        return json({ isError: false, data: categories });
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
    await screen.findByRole('option', { name: 'Protective gear' });
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
    await screen.findByRole('option', { name: 'Protective gear' });
    fill('Category', 'protective-gear');
    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() =>
      expect(screen.getByLabelText('SKU')).toHaveAccessibleDescription(
        'The SKU KIT-1 is already used by another product.',
      ),
    );
    expect(posts).toHaveLength(1);
  });

  it('sizes and colours as chips make the variations at once; no SKU is needed', async () => {
    stubApi(
      () =>
        new Response(JSON.stringify({ isError: false, data: { product_id: MEMBER } }), {
          status: 201,
        }),
    );
    renderNew();
    fill('Title', 'Cotton Kurti');
    await screen.findByRole('option', { name: 'Cotton Kurtis' });
    fill('Category', 'cotton-kurtis');
    fill('MRP (₹)', '799');
    expect(screen.getByRole('option', { name: 'Sizes / colours' })).toBeInTheDocument();
    fill('Type', 'Variable Product');
    fill('Sizes', 'S, M');
    fireEvent.click(screen.getByRole('button', { name: 'XL', pressed: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Red', pressed: false }));
    const rows = screen.getAllByTestId('variation-row');
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      'S / Red',
      'M / Red',
      'XL / Red',
    ]);
    expect(screen.getByLabelText('M / Red stock')).toHaveValue('10');
    expect(screen.getByLabelText('M / Red MRP (₹)')).toHaveValue('799');
    fill('M / Red stock', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Remove XL' }));
    expect(screen.getAllByTestId('variation-row')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText('opened')).toBeInTheDocument();
    expect(posts).toEqual([
      expect.objectContaining({
        sku: '',
        product_type: 'Variable Product',
        gst_rate: 5,
        attribute: [
          expect.objectContaining({ name: 'Size' }),
          expect.objectContaining({ name: 'Colour' }),
        ],
        variation: [
          expect.objectContaining({ sku: '', stock: 10, attributes: { Size: 'S', Colour: 'Red' } }),
          expect.objectContaining({ sku: '', stock: 4, attributes: { Size: 'M', Colour: 'Red' } }),
        ],
      }),
    ]);
  });

  it('suggests the GST rate from the category and price, and keeps a rate the owner typed', async () => {
    stubApi(() => new Response('{}', { status: 500 }));
    renderNew();
    const rate = screen.getByLabelText('GST rate (%)');
    await screen.findByRole('option', { name: 'Cotton Kurtis' });
    fill('Category', 'cotton-kurtis');
    fill('MRP (₹)', '1999');
    await waitFor(() => expect(rate).toHaveValue('5'));
    expect(screen.getByRole('note')).toHaveTextContent(
      'GST on clothing and footwear: 5% up to ₹2,500 a piece, 18% above (GST rates from 22 Sep 2025)',
    );
    fill('MRP (₹)', '2999');
    await waitFor(() => expect(rate).toHaveValue('18'));
    fill('MRP (₹)', '1999');
    await waitFor(() => expect(rate).toHaveValue('5'));
    fill('GST rate (%)', '12');
    fill('MRP (₹)', '999');
    expect(rate).toHaveValue('12');
    fireEvent.click(screen.getByRole('button', { name: 'Use 5%' }));
    expect(rate).toHaveValue('5');
  });

  it('makes a new category from the product form, its key from its name, and chooses it', async () => {
    stubApi(() => new Response('{}', { status: 500 }));
    renderNew();
    await screen.findByRole('option', { name: 'Cotton Kurtis' });
    fill('Category', '__new__');
    fill('New category name', 'Silk Sarees');
    expect(screen.getByLabelText('Its key (web address)')).toHaveValue('silk-sarees');
    fill('Its key (web address)', 'Silk Sarees');
    expect(screen.getByLabelText('Its key (web address)')).toHaveAccessibleDescription(/no spaces/);
    expect(screen.getByRole('button', { name: 'Add category' })).toBeDisabled();
    fill('Its key (web address)', 'silk-sarees');
    fireEvent.click(screen.getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('silk-sarees'));
    expect(categories.at(-1)).toMatchObject({ name: 'Silk Sarees', category: 'silk-sarees' });
  });
});
