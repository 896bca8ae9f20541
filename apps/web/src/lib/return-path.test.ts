import { describe, expect, it } from 'vitest';
import { pathWithNext, safeReturnPath } from './return-path.ts';

describe('safeReturnPath: only pages of this site', () => {
  it.each([
    ['/checkout', '/checkout'],
    ['/products?category=shoes#top', '/products?category=shoes#top'],
    ['/payment-success/abc', '/payment-success/abc'],
  ])('takes %j', (raw, path) => {
    expect(safeReturnPath(raw)).toBe(path);
  });

  it.each([
    '//evil.com',
    '//evil.com/checkout',
    'https://evil.com/checkout',
    'http://evil.com',
    'javascript:alert(1)',
    '/\\evil.com',
    '/\t/evil.com',
    '/%0a/evil.com'.replace('%0a', '\n'),
    'checkout',
    '',
    null,
    undefined,
    '/login',
    '/register?next=/checkout',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});

describe('pathWithNext', () => {
  it('carries a page of this site, encoded', () => {
    expect(pathWithNext('/register', '/checkout')).toBe('/register?next=%2Fcheckout');
    expect(pathWithNext('/login', '/cart?x=1')).toBe('/login?next=%2Fcart%3Fx%3D1');
  });

  it('drops anything else', () => {
    expect(pathWithNext('/login', '//evil.com')).toBe('/login');
    expect(pathWithNext('/register', 'https://evil.com')).toBe('/register');
    expect(pathWithNext('/register', null)).toBe('/register');
  });
});
