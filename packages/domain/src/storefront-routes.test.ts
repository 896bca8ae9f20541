import { describe, expect, it } from 'vitest';
import { productPath } from './product-path.ts';
import { isStorefrontPath } from './storefront-routes.ts';

describe('isStorefrontPath', () => {
  it.each([
    '/',
    '',
    '/products',
    '/products/',
    '/product',
    '/cart',
    '/checkout',
    '/category-detail/hoodies',
    '/pages/our-story',
    '/track/UR-10005',
    '/product/SG9vZGll/cC0x',
    productPath('Classic Tee', '3f2a9c1e-8b7d-4c2e-9f1a-0b1c2d3e4f5a'),
  ])('knows %j', (path) => {
    expect(isStorefrontPath(path)).toBe(true);
  });

  it.each([
    '/no-such-page',
    '/cart/extra',
    '/category-detail',
    '/category-detail/',
    '/p/tee',
    '//products',
    '/products//',
    '/track',
    '/wp-login.php',
    '/favicon.ico',
    'products',
  ])('does not know %j', (path) => {
    expect(isStorefrontPath(path)).toBe(false);
  });
});
