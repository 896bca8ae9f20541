import { describe, expect, it, vi } from 'vitest';
import type { CartLine } from '@shop/contracts';
import { testLine as line } from '../../test-cart-fixtures.ts';
import {
  addGuestLine,
  getGuestCart,
  removeGuestLines,
  saveGuestCart,
  setGuestQuantity,
  subscribeGuestCart,
} from './guest-cart.ts';

describe('guest cart (localStorage guest_cart)', () => {
  it('appends a line, and refuses a sku that is already there', () => {
    expect(addGuestLine(line('A'))).toBe('added');
    expect(addGuestLine(line('B'))).toBe('added');
    expect(addGuestLine(line('A', { quantity: 3 }))).toBe('duplicate');
    const stored = JSON.parse(localStorage.getItem('guest_cart') ?? '[]') as CartLine[];
    expect(stored.map((l) => [l.product_sku, l.quantity])).toEqual([
      ['A', 1],
      ['B', 1],
    ]);
    expect(getGuestCart()).toHaveLength(2);
  });

  it('reads an unreadable or foreign value as an empty cart, and drops broken lines', () => {
    localStorage.setItem('guest_cart', '{oops');
    expect(getGuestCart()).toEqual([]);
    localStorage.setItem('guest_cart', JSON.stringify({ a: 1 }));
    expect(getGuestCart()).toEqual([]);
    localStorage.setItem('guest_cart', JSON.stringify([line('A'), { product_sku: 'x' }, null]));
    expect(getGuestCart().map((l) => l.product_sku)).toEqual(['A']);
  });

  it('returns the same array until the cart changes (a stable snapshot)', () => {
    saveGuestCart([line('A')]);
    expect(getGuestCart()).toBe(getGuestCart());
  });

  it('keeps quantities between 1 and the stock', () => {
    saveGuestCart([line('A', { stock: 3 }), line('B')]);
    setGuestQuantity('A', 9);
    expect(getGuestCart()[0]?.quantity).toBe(3);
    setGuestQuantity('A', 0);
    expect(getGuestCart()[0]?.quantity).toBe(1);
    setGuestQuantity('A', 2);
    expect(getGuestCart().map((l) => l.quantity)).toEqual([2, 1]);
  });

  it('removes lines by sku; an empty cart leaves no key behind', () => {
    saveGuestCart([line('A'), line('B'), line('C')]);
    removeGuestLines(['A', 'C']);
    expect(getGuestCart().map((l) => l.product_sku)).toEqual(['B']);
    removeGuestLines(['B']);
    expect(localStorage.getItem('guest_cart')).toBeNull();
  });

  it('tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeGuestCart(listener);
    addGuestLine(line('A'));
    addGuestLine(line('A'));
    removeGuestLines(['A']);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    addGuestLine(line('A'));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
