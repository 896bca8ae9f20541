import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shop/contracts';
import { PurchaseContext, type Purchase } from '../../../lib/purchase.ts';
import { testProduct as simple } from '../../../test-fixtures.ts';
import { ProductDetails } from './product-details.tsx';

const purchase = {
  addToCart: vi.fn<Purchase['addToCart']>(() => Promise.resolve('added')),
  buyNow: vi.fn<Purchase['buyNow']>(),
};

function renderDetails(product: Product) {
  const router = createMemoryRouter(
    [{ path: '/product/:id', element: <ProductDetails product={product} mode="addtocart" /> }],
    { initialEntries: [`/product/${product.product_id}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PurchaseContext.Provider value={purchase}>
        <RouterProvider router={router} />
      </PurchaseContext.Provider>
    </QueryClientProvider>,
  );
}

const variation = (sku: string, colour: string, size: string, stock: number) => ({
  sku,
  price: 799,
  salePrice: 649,
  stock,
  imageUrl: '',
  galleryImages: [],
  attributes: { Colour: colour, Size: size },
});
const tee = (over: Partial<Product> = {}) =>
  simple({
    product_type: 'Variable Product',
    variation: [
      variation('B-S', 'Black', 'S', 9),
      variation('B-M', 'Black', 'M', 2),
      variation('W-M', 'White', 'M', 7),
    ],
    size_chart: {
      columns: ['Size', 'Chest (in)'],
      rows: [
        ['S', '36'],
        ['M', '38'],
      ],
    },
    ...over,
  });

/** A phone's width: the sticky buy bar is in use below 768 px. */
function asPhone(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: phone && query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

// Role queries over a page of chips are slow in jsdom on a busy machine.
describe('ProductDetails', { timeout: 20_000 }, () => {
  beforeEach(() => {
    purchase.addToCart.mockClear();
    purchase.buyNow.mockClear();
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
    asPhone(false);
    Element.prototype.scrollIntoView = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              isError: false,
              // The store lists Buy Now beside its default Add to Cart.
              data: String(url).includes('/button')
                ? [
                    { button_id: 'addtocart', default: true, status: 'Active' },
                    { button_id: 'buynow', default: false, status: 'Active' },
                  ]
                : [],
            }),
            { status: 200 },
          ),
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

  it('chooses no size; Add to Cart without one says "Select a size", focuses the sizes and adds nothing', () => {
    renderDetails(tee());
    const size = screen.getByRole('radiogroup', { name: /^Size/ });
    for (const radio of within(size).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Black' })).toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Select a size');
    expect(size).toHaveAttribute('aria-invalid', 'true');
    expect(document.activeElement).toBe(within(size).getByRole('radio', { name: 'S' }));
    expect(purchase.addToCart).not.toHaveBeenCalled();

    fireEvent.click(within(size).getByRole('radio', { name: 'M' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('variant-stock')).toHaveTextContent('Only 2 left');
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(purchase.addToCart).toHaveBeenCalledWith(expect.objectContaining({ sku: 'B-M' }));
  });

  it('puts the buttons in a buy bar on a phone, and the prompt beside them', async () => {
    asPhone(true);
    renderDetails(tee());
    const bar = screen.getByRole('region', { name: 'Buy' });
    expect(screen.getAllByRole('button', { name: 'Add to Cart' })).toHaveLength(1);
    fireEvent.click(within(bar).getByRole('button', { name: 'Add to Cart' }));
    expect(within(bar).getByRole('alert')).toHaveTextContent('Select a size');
    fireEvent.click(screen.getByRole('radio', { name: 'White' }));
    fireEvent.click(screen.getByRole('radio', { name: 'M' }));
    fireEvent.click(await within(bar).findByRole('button', { name: 'Buy Now' }));
    expect(purchase.buyNow).toHaveBeenCalledWith(expect.objectContaining({ sku: 'W-M' }));
  });

  it('opens the size chart beside the sizes', () => {
    renderDetails(tee());
    fireEvent.click(screen.getByRole('button', { name: 'Size chart' }));
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Chest (in)' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'M' })).toBeInTheDocument();
  });

  it('shows no size chart link for a product without one', () => {
    renderDetails(tee({ size_chart: null }));
    expect(screen.queryByRole('button', { name: 'Size chart' })).not.toBeInTheDocument();
  });
});
