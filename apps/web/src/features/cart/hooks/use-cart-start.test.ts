import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@shop/contracts';
import { getGuestCart, saveGuestCart } from '../guest-cart.ts';
import { testLine } from '../../../test-cart-fixtures.ts';
import { ServerError } from '../../../lib/api-request.ts';
import {
  checkoutDataFor,
  readCheckoutData,
  saveCheckoutData,
} from '../../../lib/checkout-handoff.ts';
import { testProduct, testUser } from '../../../test-fixtures.ts';
import { postCartLine } from '../api/cart-api.ts';
import { mergeGuestCart, refreshGuestCart } from './use-cart-start.ts';

vi.mock('../api/cart-api.ts', () => ({
  postCartLine: vi.fn(),
  fetchProduct: vi.fn(),
  fetchCart: vi.fn(),
}));

const ID_A = '00000000-0000-4000-8000-00000000000a';
const ID_B = '00000000-0000-4000-8000-00000000000b';

const product = (over: Partial<Product>) =>
  testProduct({
    product_id: ID_A,
    title: 'Tee',
    sku: 'A',
    image: '/new.svg',
    gallery: ['/g1.svg'],
    short_description: '',
    createdAt: '',
    originalPrice: 999,
    discountPrice: 899,
    stock: 7,
    totalStock: 7,
    ...over,
  });

describe('refreshing the guest cart on app start', () => {
  it('takes name, prices, stock, status and images from the catalogue and keeps the quantity', async () => {
    saveGuestCart([
      testLine('A', { product_id: ID_A, product_price: 1, quantity: 2 }),
      testLine('B-RED-M', { product_id: ID_B, product_type: 'Variable Product' }),
    ]);
    const read = vi.fn((id: string) =>
      Promise.resolve(
        id === ID_A
          ? product({ title: 'Tee v2' })
          : product({
              product_id: ID_B,
              product_type: 'Variable Product',
              variation: [
                {
                  sku: 'B-RED-M',
                  price: 500,
                  salePrice: 0,
                  stock: 0,
                  imageUrl: '/red.svg',
                  galleryImages: [],
                  attributes: { Colour: 'Red' },
                },
              ],
            }),
      ),
    );
    await refreshGuestCart(read);
    const [a, b] = getGuestCart();
    expect(a).toMatchObject({
      product_name: 'Tee v2',
      product_price: 999,
      product_saleprice: 899,
      stock: 7,
      product_image: '/new.svg',
      product_gallery: ['/g1.svg'],
      quantity: 2,
    });
    expect(b).toMatchObject({
      product_price: 500,
      product_saleprice: 0,
      stock: 0,
      product_stockstatus: 'Out of Stock',
      product_image: '/red.svg',
    });
  });

  it('keeps a line as it was when its product cannot be read', async () => {
    const old = testLine('A', { product_id: ID_A, product_price: 1 });
    saveGuestCart([old]);
    await refreshGuestCart(() => Promise.reject(new Error('offline')));
    expect(getGuestCart()).toEqual([old]);
  });
});

describe('merging the guest cart into the server cart after login', () => {
  it('posts each line as the user; lines that failed stay, the others leave guest_cart', async () => {
    saveGuestCart([testLine('A'), testLine('B'), testLine('C')]);
    const post = vi.mocked(postCartLine);
    post.mockImplementation((line) => {
      if (line.product_sku === 'B') return Promise.reject(new ServerError(400, 'Only 1 left.'));
      if (line.product_sku === 'C')
        return Promise.reject(new ServerError(409, null, 'product_sku'));
      return Promise.resolve({ isError: false, msg: 'Added to cart' });
    });
    const refused = await mergeGuestCart(testUser);
    expect(post.mock.calls.map(([l]) => [l.product_sku, l.user_id, l.user_name])).toEqual([
      ['A', 'u1', 'Asha Rao'],
      ['B', 'u1', 'Asha Rao'],
      ['C', 'u1', 'Asha Rao'],
    ]);
    expect(getGuestCart().map((l) => l.product_sku)).toEqual(['B']);
    expect(refused.map((r) => [r.line.product_sku, r.reason])).toEqual([['B', 'Only 1 left.']]);
  });

  it("checkout handed a refused line shows the server's cart instead (3 lines handed, 2 taken)", async () => {
    const guest = [testLine('A'), testLine('B'), testLine('C')];
    saveGuestCart(guest);
    // The guest's Proceed to Checkout before signing in handed all three lines.
    saveCheckoutData(checkoutDataFor(guest));
    vi.mocked(postCartLine).mockImplementation((line) =>
      line.product_sku === 'B'
        ? Promise.reject(new ServerError(400, 'Only 1 left.'))
        : Promise.resolve({ isError: false, msg: 'Added to cart' }),
    );
    const server = [testLine('X'), testLine('A'), testLine('C')];
    const readCart = vi.fn(() => Promise.resolve({ isError: false as const, data: server }));
    await mergeGuestCart(testUser, readCart);
    expect(readCart).toHaveBeenCalledWith('u1');
    expect(readCheckoutData()?.products.map((l) => l.product_sku)).toEqual(['X', 'A', 'C']);

    // Nothing left on the server: no checkout data (checkout says the cart is empty).
    saveGuestCart([testLine('B')]);
    saveCheckoutData(checkoutDataFor([testLine('B')]));
    await mergeGuestCart(testUser, () => Promise.resolve({ isError: false, data: [] }));
    expect(readCheckoutData()).toBeNull();
  });

  it('checkout data without a refused line (a Buy Now of another product) is left as it was', async () => {
    saveGuestCart([testLine('B')]);
    const buyNow = checkoutDataFor([testLine('Z')]);
    saveCheckoutData(buyNow);
    vi.mocked(postCartLine).mockRejectedValue(new ServerError(400, 'Only 1 left.'));
    const readCart = vi.fn();
    await mergeGuestCart(testUser, readCart);
    expect(readCart).not.toHaveBeenCalled();
    expect(readCheckoutData()).toEqual(buyNow);
  });
});
