import { describe, expect, it } from 'vitest';
import { CART_MODE_LABELS, defaultCartMode } from './cart-mode.ts';

const b = (button_id: string, isDefault: boolean) => ({ button_id, default: isDefault });

describe('defaultCartMode: getquote if flagged default, else addtocart, else buynow, else none', () => {
  it('picks getquote over the others when all are default, whatever the order', () => {
    expect(defaultCartMode([b('buynow', true), b('addtocart', true), b('getquote', true)])).toBe(
      'getquote',
    );
  });

  it('picks addtocart over buynow', () => {
    expect(defaultCartMode([b('buynow', true), b('addtocart', true)])).toBe('addtocart');
  });

  it('picks buynow when it is the only default', () => {
    expect(defaultCartMode([b('getquote', false), b('addtocart', false), b('buynow', true)])).toBe(
      'buynow',
    );
  });

  it('ignores buttons that are present but not flagged default', () => {
    expect(defaultCartMode([b('getquote', false), b('addtocart', true)])).toBe('addtocart');
    expect(defaultCartMode([b('getquote', false), b('buynow', true)])).toBe('buynow');
  });

  it('is null when nothing is flagged default or the list is empty', () => {
    expect(defaultCartMode([b('getquote', false), b('addtocart', false)])).toBeNull();
    expect(defaultCartMode([])).toBeNull();
  });

  it('ignores unknown button ids', () => {
    expect(defaultCartMode([b('paynow', true), b('GETQUOTE', true)])).toBeNull();
    expect(defaultCartMode([b('wishlist', true), b('buynow', true)])).toBe('buynow');
  });
});

describe('CART_MODE_LABELS', () => {
  it('names each mode', () => {
    expect(CART_MODE_LABELS).toEqual({
      getquote: 'Get Quote',
      addtocart: 'Add to Cart',
      buynow: 'Buy Now',
    });
  });
});
