import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/contracts';
import { CART_MESSAGES, onlyLeftInStock } from '@shop/contracts/messages';
import { testLine } from '../../test-cart-fixtures.ts';
import { testProduct, testUser } from '../../test-fixtures.ts';
import { cartLineFor, lineStockProblem, refreshedLine } from './cart-line.ts';

const product = (over: Partial<Product> = {}) =>
  testProduct({ product_id: 'p1', title: 'Tee', sku: 'TEE', short_description: '', ...over });

const variable = product({
  product_type: 'Variable Product',
  variation: [
    {
      sku: 'TEE-M',
      price: 899,
      salePrice: 0,
      stock: 2,
      imageUrl: '',
      galleryImages: [],
      attributes: { size: 'M' },
    },
  ],
});

describe('the cart line builder (the server rule: an active product with stock is in stock)', () => {
  it('is in stock for an active product with stock', () => {
    const line = cartLineFor(product(), { user: testUser, quantity: 2 });
    expect(line).toMatchObject({
      product_sku: 'TEE',
      product_stockstatus: 'In Stock',
      product_status: 'Active',
      quantity: 2,
      stock: 5,
      user_id: 'u1',
    });
  });

  it('is out of stock when the product is not active, whatever its stock', () => {
    const line = cartLineFor(product({ status: 'Inactive' }), { user: null });
    expect(line.product_stockstatus).toBe('Out of Stock');
    expect(lineStockProblem(line)).toBe(CART_MESSAGES.outOfStock);
  });

  it('is out of stock without stock', () => {
    const line = cartLineFor(product({ totalStock: 0 }), { user: null });
    expect(line.product_stockstatus).toBe('Out of Stock');
    expect(lineStockProblem(line)).toBe(CART_MESSAGES.outOfStock);
  });

  it("takes a variation's figures and label", () => {
    const line = cartLineFor(variable, { sku: 'TEE-M', user: null, quantity: 3 });
    expect(line).toMatchObject({
      product_sku: 'TEE-M',
      product_price: 899,
      stock: 2,
      typeofsimple: 'M',
      product_image: '/api/uploads/tee.svg',
    });
    expect(lineStockProblem(line)).toBe(onlyLeftInStock(2));
  });

  it('refreshes a stored line by the same rule, keeping its quantity', () => {
    const stored = testLine('TEE', { quantity: 3 });
    const fresh = refreshedLine(stored, product({ status: 'Inactive', title: 'New tee' }));
    expect(fresh).toMatchObject({
      product_name: 'New tee',
      product_stockstatus: 'Out of Stock',
      product_status: 'Inactive',
      quantity: 3,
    });
  });
});
