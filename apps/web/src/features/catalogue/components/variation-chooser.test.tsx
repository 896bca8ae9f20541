import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@shop/contracts';
import { STORE_ID } from '../../../lib/api-client.ts';
import { testProduct } from '../../../test-fixtures.ts';
import { VariationChooser } from './variation-chooser.tsx';

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
  testProduct({
    product_type: 'Variable Product',
    variation: [
      variation('B-S', 'Black', 'S', 14),
      variation('B-M', 'Black', 'M', 2),
      variation('W-M', 'White', 'M', 0),
    ],
    ...over,
  });

function renderChooser(product: Product, onChoose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The full read answers what the card had; the store lists Buy Now beside Add to Cart.
  client.setQueryData(
    ['cart-buttons', STORE_ID],
    [
      { button_id: 'addtocart', default: true, status: 'Active' },
      { button_id: 'buynow', default: false, status: 'Active' },
    ],
  );
  render(
    <QueryClientProvider client={client}>
      <VariationChooser product={product} mode="addtocart" onClose={vi.fn()} onChoose={onChoose} />
    </QueryClientProvider>,
  );
  return onChoose;
}

// Role queries over a dialog of chips are slow in jsdom on a busy machine.
describe('VariationChooser', { timeout: 20_000 }, () => {
  beforeEach(() => {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
    Element.prototype.scrollIntoView = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
  });

  it('offers chips, one Add and one Buy; asks for a size before adding', () => {
    const onChoose = renderChooser(tee());
    const sheet = screen.getByRole('dialog', { name: 'Classic Logo Tee - Choose a Variation' });
    const size = within(sheet).getByRole('radiogroup', { name: /^Size/ });
    for (const r of within(size).getAllByRole('radio')) expect(r).not.toBeChecked();
    expect(within(sheet).getAllByRole('button', { name: 'Add to Cart' })).toHaveLength(1);

    fireEvent.click(within(sheet).getByRole('button', { name: 'Add to Cart' }));
    expect(within(sheet).getByRole('alert')).toHaveTextContent('Select a size');
    expect(onChoose).not.toHaveBeenCalled();

    fireEvent.click(within(size).getByRole('radio', { name: 'M' }));
    expect(within(sheet).getByTestId('only-left')).toHaveTextContent('Only 2 left');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Add to Cart' }));
    expect(onChoose).toHaveBeenCalledWith(expect.anything(), 'B-M', 'addtocart');
  });

  it('says nothing of stock above the low mark, and Out of Stock for a sold-out choice', () => {
    renderChooser(tee());
    const sheet = screen.getByRole('dialog');
    fireEvent.click(within(sheet).getByRole('radio', { name: 'S' }));
    expect(within(sheet).queryByTestId('only-left')).not.toBeInTheDocument();
    fireEvent.click(within(sheet).getByRole('radio', { name: /^White/ }));
    fireEvent.click(within(sheet).getByRole('radio', { name: /^M/ }));
    // The sheet's own button (the folded list has one per sold-out variation too).
    expect(within(sheet).getAllByRole('button', { name: 'Out of Stock' })[0]).toBeDisabled();
    expect(within(sheet).queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it("folds the spec's list (SKU, price, sale, stock) under All variations", () => {
    renderChooser(tee());
    const details = screen.getByText('All variations (SKU, price, stock)').closest('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByRole('list', { name: 'Variations' })).toHaveTextContent('SKUB-S');
    expect(within(details).getByRole('button', { name: 'Add to Cart: B-M' })).toBeInTheDocument();
  });

  it('shows the list open for variations that name no attributes', () => {
    renderChooser(
      tee({
        variation: [{ ...variation('X-1', '', '', 3), attributes: {} }],
      }),
    );
    const details = screen.getByText('All variations (SKU, price, stock)').closest('details')!;
    expect(details.open).toBe(true);
  });
});
