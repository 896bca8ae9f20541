import { describe, expect, it, vi } from 'vitest';
import { CART_MESSAGES, DUPLICATE_CART_LINE, onlyLeftInStock } from '@shop/contracts/messages';
import { ServerError } from '../../lib/api-request.ts';
import { NO_LONGER_SOLD, putBackInCart, type BuyAgainLine } from './buy-again.ts';

const line = (sku: string, over: Partial<BuyAgainLine> = {}): BuyAgainLine => ({
  product_id: `id-${sku}`,
  product_sku: sku,
  product_name: `Product ${sku}`,
  quantity: 2,
  ...over,
});

describe('putBackInCart (Buy again)', () => {
  it('posts each line with its quantity for the user and reports what happened', async () => {
    const post = vi.fn((item: { product_sku: string }) => {
      switch (item.product_sku) {
        case 'GONE':
          return Promise.reject(new ServerError(404, CART_MESSAGES.notFound, 'product_sku'));
        case 'VARIANT-CHANGED':
          return Promise.reject(new ServerError(400, CART_MESSAGES.chooseVariation, 'product_sku'));
        case 'IN-CART':
          return Promise.reject(
            new ServerError(
              DUPLICATE_CART_LINE.status,
              CART_MESSAGES.duplicate,
              DUPLICATE_CART_LINE.field,
            ),
          );
        case 'SOLD-OUT':
          return Promise.reject(new ServerError(409, CART_MESSAGES.outOfStock, 'quantity'));
        case 'SHORT':
          return Promise.reject(new ServerError(400, onlyLeftInStock(1), 'quantity'));
        case 'OFFLINE':
          return Promise.reject(new TypeError('Failed to fetch'));
        default:
          return Promise.resolve({ isError: false, msg: 'Added to cart' });
      }
    });
    const result = await putBackInCart(
      'u1',
      [
        line('OK'),
        line('GONE'),
        line('DELETED', { product_id: '' }),
        line('VARIANT-CHANGED'),
        line('IN-CART'),
        line('SOLD-OUT'),
        line('SHORT'),
        line('OFFLINE'),
      ],
      post,
    );
    expect(post).toHaveBeenCalledWith({
      product_id: 'id-OK',
      product_sku: 'OK',
      quantity: 2,
      user_id: 'u1',
    });
    // A deleted product is not asked about.
    expect(post).toHaveBeenCalledTimes(7);
    expect(result).toEqual({
      added: ['Product OK'],
      alreadyInCart: ['Product IN-CART'],
      skipped: [
        { name: 'Product GONE', reason: NO_LONGER_SOLD },
        { name: 'Product DELETED', reason: NO_LONGER_SOLD },
        { name: 'Product VARIANT-CHANGED', reason: NO_LONGER_SOLD },
        { name: 'Product SOLD-OUT', reason: 'it is out of stock.' },
        { name: 'Product SHORT', reason: 'only 1 left in stock.' },
        { name: 'Product OFFLINE', reason: 'something went wrong.' },
      ],
    });
  });
});
