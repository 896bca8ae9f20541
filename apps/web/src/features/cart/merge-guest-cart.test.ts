import { describe, expect, it, vi } from 'vitest';
import { CART_MESSAGES, onlyLeftInStock, type CartLine } from '@shop/contracts';
import { ServerError } from '../../lib/api-request.ts';
import { testLine } from '../../test-cart-fixtures.ts';
import { mergeGuestLines } from './merge-guest-cart.ts';

const ok = { isError: false, msg: 'Added to cart' };

describe('merging the guest cart after login', () => {
  it('pushes every line once, in order, and reports them all done', async () => {
    const push = vi.fn((_line: CartLine) => Promise.resolve(ok));
    const done = await mergeGuestLines([testLine('A'), testLine('B')], push);
    expect(push.mock.calls.map(([l]) => l.product_sku)).toEqual(['A', 'B']);
    expect(done).toEqual(['A', 'B']);
  });

  it('counts a duplicate (409 "Product already in cart") as done', async () => {
    // The server's duplicate answer: 409 naming product_sku (read by status and field).
    const duplicate = () =>
      Promise.reject(new ServerError(409, CART_MESSAGES.duplicate, 'product_sku'));
    const push = vi.fn((_line: CartLine) => duplicate());
    expect(await mergeGuestLines([testLine('A'), testLine('B')], push)).toEqual(['A', 'B']);
  });

  it('keeps lines that failed otherwise (out of stock, stock cap, network, isError)', async () => {
    const failures: Record<string, () => Promise<{ isError: boolean; msg: string }>> = {
      A: () => Promise.reject(new ServerError(409, CART_MESSAGES.outOfStock, 'quantity')),
      B: () => Promise.reject(new ServerError(400, onlyLeftInStock(2), 'quantity')),
      C: () => Promise.reject(new TypeError('Failed to fetch')),
      D: () => Promise.resolve({ isError: true, msg: 'Something else' }),
      E: () => Promise.resolve(ok),
    };
    const lines = Object.keys(failures).map((sku) => testLine(sku));
    const done = await mergeGuestLines(lines, (l) => failures[l.product_sku]!());
    expect(done).toEqual(['E']);
  });
});
