import { useSyncExternalStore } from 'react';
import type { CartLine } from '@shop/contracts';

/** The guest cart (catalogue-and-cart §3, §4): an array of cart lines in localStorage. */
export const GUEST_CART_KEY = 'guest_cart';

type Listener = () => void;
const listeners = new Set<Listener>();
const EMPTY: readonly CartLine[] = Object.freeze([]);
let cachedRaw: string | null | undefined;
let cachedLines: readonly CartLine[] = EMPTY;

function isCartLine(value: unknown): value is CartLine {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.product_id === 'string' &&
    typeof v.product_sku === 'string' &&
    typeof v.quantity === 'number'
  );
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(GUEST_CART_KEY);
  } catch {
    return null;
  }
}

/** The stored guest lines; anything unreadable counts as an empty cart. Stable between changes. */
export function getGuestCart(): readonly CartLine[] {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedLines;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedLines = Array.isArray(parsed) ? parsed.filter(isCartLine) : EMPTY;
  } catch {
    cachedLines = EMPTY;
  }
  return cachedLines;
}

/** Replaces the guest cart (an empty cart removes the key). */
export function saveGuestCart(lines: readonly CartLine[]) {
  if (lines.length === 0) localStorage.removeItem(GUEST_CART_KEY);
  else localStorage.setItem(GUEST_CART_KEY, JSON.stringify(lines));
  for (const listener of listeners) listener();
}

/** Appends a line unless its sku is already in the cart (spec: "Product already in cart"). */
export function addGuestLine(line: CartLine): 'added' | 'duplicate' {
  const lines = getGuestCart();
  if (lines.some((l) => l.product_sku === line.product_sku)) return 'duplicate';
  saveGuestCart([...lines, line]);
  return 'added';
}

export function removeGuestLines(skus: readonly string[]) {
  const drop = new Set(skus);
  saveGuestCart(getGuestCart().filter((l) => !drop.has(l.product_sku)));
}

/** Sets a line's quantity, kept within 1 and the line's stock (when the stock is known). */
export function setGuestQuantity(sku: string, quantity: number) {
  saveGuestCart(
    getGuestCart().map((l) => {
      if (l.product_sku !== sku) return l;
      const cap = l.stock > 0 ? l.stock : Number.POSITIVE_INFINITY;
      return { ...l, quantity: Math.max(1, Math.min(cap, Math.floor(quantity))) };
    }),
  );
}

/** Notified on changes in this tab and in other tabs. */
export function subscribeGuestCart(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === GUEST_CART_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The guest cart, re-rendering on every change. */
export function useGuestCart(): readonly CartLine[] {
  return useSyncExternalStore(subscribeGuestCart, getGuestCart, () => EMPTY);
}
