import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shop/contracts';
import { testProduct as simple } from '../../../test-fixtures.ts';
import { ProductDetails } from './product-details.tsx';

function renderDetails(product: Product) {
  const router = createMemoryRouter(
    [{ path: '/product/:id', element: <ProductDetails product={product} mode="addtocart" /> }],
    { initialEntries: [`/product/${product.product_id}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('ProductDetails', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ isError: false, data: [] }), { status: 200 }),
        ),
      ),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers a quantity, a delivery estimate and a pincode check for a product in stock', () => {
    renderDetails(simple());
    expect(screen.getByTestId('quantity')).toBeInTheDocument();
    expect(screen.getByTestId('delivery-estimate')).toHaveTextContent('Estimated delivery');
    expect(screen.getByRole('textbox', { name: /pincode/i })).toBeInTheDocument();
  });

  it('shows a product out of stock altogether as Out of Stock, with no quantity, estimate or pincode check', () => {
    renderDetails(simple({ stock: 0, totalStock: 0 }));
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(screen.queryByTestId('quantity')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delivery-estimate')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /pincode/i })).not.toBeInTheDocument();
  });
});
