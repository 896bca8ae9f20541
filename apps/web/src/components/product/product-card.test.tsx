import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@shop/contracts';
import { productPath, type CartMode } from '@shop/domain';
import { testProduct } from '../../test-fixtures.ts';
import { ProductCard } from './product-card.tsx';

function renderCard(product: Product, mode: CartMode) {
  const actions = { onSelect: vi.fn(), onPackage: vi.fn(), onPurchase: vi.fn() };
  render(
    <MemoryRouter>
      <ul>
        <ProductCard product={product} mode={mode} {...actions} />
      </ul>
    </MemoryRouter>,
  );
  const card = screen.getByRole('listitem');
  return { card, actions };
}

/** What a card offers besides its own link (the name's, stretched over the card). */
function actionsOf(card: HTMLElement) {
  const link = within(card).getByRole('heading').querySelector('a')!;
  return [...card.querySelectorAll('a, button')].filter((el) => el !== link);
}

describe('a product card: one primary action, the card itself links to the product', () => {
  it('a simple product in an Add to Cart shop: Add to Cart only (no View button)', () => {
    const product = testProduct();
    const { card, actions } = renderCard(product, 'addtocart');
    expect(actionsOf(card).map((el) => el.textContent)).toEqual(['Add to Cart']);
    expect(within(card).getByRole('link', { name: product.title })).toHaveAttribute(
      'href',
      productPath(product.title, product.product_id),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    expect(actions.onPurchase).toHaveBeenCalledWith(product, 'addtocart');
  });

  it('Buy Now, Get Quote (a link to the product), Select, Package and Out of Stock alone', () => {
    const cases: [Partial<Product>, CartMode, string][] = [
      [{}, 'buynow', 'Buy Now'],
      [{}, 'getquote', 'Get Quote'],
      [{ product_type: 'Variable Product' }, 'addtocart', 'Select'],
      [{ product_type: 'Grouped Product' }, 'addtocart', 'Package'],
      [{ totalStock: 0, stock: 0 }, 'addtocart', 'Out of Stock'],
    ];
    for (const [over, mode, label] of cases) {
      const { card } = renderCard(testProduct(over), mode);
      expect(
        actionsOf(card).map((el) => el.textContent),
        label,
      ).toEqual([label]);
      card.parentElement!.parentElement!.remove();
    }
  });

  it('a shop with no default mode: View is the one action', () => {
    const product = testProduct();
    const { card } = renderCard(product, null);
    expect(actionsOf(card).map((el) => el.getAttribute('aria-label'))).toEqual([
      `View ${product.title}`,
    ]);
  });

  it("Select and Package open their choosers for the card's product", () => {
    const variable = testProduct({ product_type: 'Variable Product' });
    const first = renderCard(variable, 'addtocart');
    fireEvent.click(within(first.card).getByRole('button', { name: 'Select' }));
    expect(first.actions.onSelect).toHaveBeenCalledWith(variable);
    first.card.parentElement!.parentElement!.remove();
    const grouped = testProduct({ product_type: 'Grouped Product' });
    const second = renderCard(grouped, 'addtocart');
    fireEvent.click(within(second.card).getByRole('button', { name: 'Package' }));
    expect(second.actions.onPackage).toHaveBeenCalledWith(grouped);
  });
});
