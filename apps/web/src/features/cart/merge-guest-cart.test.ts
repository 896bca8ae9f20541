import { describe, expect, it, vi } from 'vitest';
import { CART_MESSAGES, onlyLeftInStock, type CartLine } from '@shop/contracts';
import { ServerError } from '../../lib/api-request.ts';
import { testLine } from '../../test-cart-fixtures.ts';
import { MERGE_NOT_ADDED, mergeGuestLines, refusedNotice } from './merge-guest-cart.ts';

const ok = { isError: false, msg: 'Added to cart' };

describe('merging the guest cart after login', () => {
  it('pushes every line once, in order, and reports them all done', async () => {
    const push = vi.fn((_line: CartLine) => Promise.resolve(ok));
    const { done, refused } = await mergeGuestLines([testLine('A'), testLine('B')], push);
    expect(push.mock.calls.map(([l]) => l.product_sku)).toEqual(['A', 'B']);
    expect(done).toEqual(['A', 'B']);
    expect(refused).toEqual([]);
  });

  it('counts a duplicate (409 "Product already in cart") as done', async () => {
    // The server's duplicate answer: 409 naming product_sku (read by status and field).
    const duplicate = () =>
      Promise.reject(new ServerError(409, CART_MESSAGES.duplicate, 'product_sku'));
    const push = vi.fn((_line: CartLine) => duplicate());
    expect(await mergeGuestLines([testLine('A'), testLine('B')], push)).toEqual({
      done: ['A', 'B'],
      refused: [],
    });
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
    const { done, refused } = await mergeGuestLines(lines, (l) => failures[l.product_sku]!());
    expect(done).toEqual(['E']);
    // Each refused line is answered with why: the server's message, else a plain fallback.
    expect(refused.map((r) => [r.line.product_sku, r.reason])).toEqual([
      ['A', CART_MESSAGES.outOfStock],
      ['B', onlyLeftInStock(2)],
      ['C', MERGE_NOT_ADDED],
      ['D', 'Something else'],
    ]);
  });

  it('names the refused line and its size in the notice', () => {
    const line = testLine('TEE-M', { product_name: 'Tee', typeofsimple: 'Size: M' });
    expect(refusedNotice({ line, reason: 'Only 1 left in stock.' })).toBe(
      'Tee (Size: M) was not added to your cart: Only 1 left in stock.',
    );
    const plain = testLine('CAP', { product_name: 'Cap', typeofsimple: '' });
    expect(refusedNotice({ line: plain, reason: 'Out of stock' })).toBe(
      'Cap was not added to your cart: Out of stock',
    );
  });
});
