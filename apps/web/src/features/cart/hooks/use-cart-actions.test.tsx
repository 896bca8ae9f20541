import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_MESSAGES } from '@shop/contracts/messages';
import { clearSession, saveSession } from '../../../lib/session.ts';
import { testProduct, testUser } from '../../../test-fixtures.ts';
import { postCartLine } from '../api/cart-api.ts';
import { useCartActions } from './use-cart-actions.ts';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../../lib/toast.ts', () => ({ toast }));
vi.mock('../components/added-toast.tsx', () => ({ toastAdded: vi.fn() }));
vi.mock('../api/cart-api.ts', () => ({
  postCartLine: vi.fn(),
  refreshCart: vi.fn(() => Promise.resolve()),
  deleteCartLine: vi.fn(),
  deleteAllCartLines: vi.fn(),
  patchCartQuantity: vi.fn(),
}));

function actions() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => {
    const router = createMemoryRouter([{ path: '/', element: children }]);
    return (
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    );
  };
  return renderHook(() => useCartActions(), { wrapper }).result.current;
}

describe('Add to cart as a signed-in user (catalogue-and-cart §4)', () => {
  beforeEach(() => {
    saveSession(testUser, { accessToken: 'a', refreshToken: 'r' });
  });
  afterEach(() => {
    clearSession();
    vi.clearAllMocks();
  });
  const product = testProduct({ sku: 'TEE', stock: 5, totalStock: 5 });

  it('an isError answer without msg warns "Product already in cart", never "Something went wrong"', async () => {
    vi.mocked(postCartLine).mockResolvedValue({ isError: true, msg: '' });
    expect(await actions().addToCart({ product, sku: 'TEE' })).toBe('failed');
    expect(toast.warning).toHaveBeenCalledWith(CART_MESSAGES.duplicate);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("an isError answer with msg warns the server's msg", async () => {
    vi.mocked(postCartLine).mockResolvedValue({ isError: true, msg: 'Only 2 left.' });
    expect(await actions().addToCart({ product, sku: 'TEE' })).toBe('failed');
    expect(toast.warning).toHaveBeenCalledWith('Only 2 left.');
  });
});
