import { describe, expect, it } from 'vitest';
import { decodeProductPathSegment, encodeProductPathSegment, productPath } from './product-path.ts';

const UNICODE_TITLE = 'Kids’ Inline Skates – Size 32 ₹';

describe('encodeProductPathSegment: base64 of the URI-encoded text, URI-encoded again', () => {
  it('encodes plain ASCII as base64 of encodeURIComponent', () => {
    expect(encodeProductPathSegment('Hoodie')).toBe('SG9vZGll');
    expect(encodeProductPathSegment('a b')).toBe('YSUyMGI%3D'); // btoa('a%20b') = 'YSUyMGI='
  });

  it('encodes unicode titles', () => {
    expect(encodeProductPathSegment(UNICODE_TITLE)).toBe(
      encodeURIComponent(
        'S2lkcyVFMiU4MCU5OSUyMElubGluZSUyMFNrYXRlcyUyMCVFMiU4MCU5MyUyMFNpemUlMjAzMiUyMCVFMiU4MiVCOQ==',
      ),
    );
  });

  it('escapes the base64 characters + and = so the segment stays URL-safe', () => {
    // btoa(encodeURIComponent('~~~')) is 'fn5+'; 'a?b>' gives 'YSUzRmIlM0U='
    expect(encodeProductPathSegment('~~~')).toBe('fn5%2B');
    expect(encodeProductPathSegment('a?b>')).toBe('YSUzRmIlM0U%3D');
  });

  it('only ever produces unreserved characters and % escapes', () => {
    for (const s of [UNICODE_TITLE, '~~~', 'a/b?c=d&e', '', '😀 emoji', 'x'.repeat(200)]) {
      expect(encodeProductPathSegment(s)).toMatch(/^[A-Za-z0-9%]*$/);
    }
  });
});

describe('decodeProductPathSegment', () => {
  const samples = [
    UNICODE_TITLE,
    'Hoodie',
    '~~~',
    'a?b>',
    '',
    ' ',
    '100% Cotton Tee / XL + free socks = deal',
    'प्रशिक्षण पाठ्यक्रम',
    '😀 skate',
    '6f1c2a7e-6d2b-4a49-9a57-52c1e3c0a8b1',
    '%E0%A4%A',
  ];

  it.each(samples)('round-trips %j through the URL-ready form', (s) => {
    expect(decodeProductPathSegment(encodeProductPathSegment(s))).toBe(s);
  });

  it.each(samples)('round-trips %j through the raw base64 form', (s) => {
    const raw = decodeURIComponent(encodeProductPathSegment(s));
    expect(decodeProductPathSegment(raw)).toBe(s);
  });

  it('accepts raw base64 containing + and =', () => {
    expect(decodeProductPathSegment('fn5+')).toBe('~~~');
    expect(decodeProductPathSegment('YSUzRmIlM0U=')).toBe('a?b>');
    expect(decodeProductPathSegment('YSUzRmIlM0U')).toBe('a?b>'); // padding optional
  });

  it('accepts URI-encoded base64 in either letter case of the escapes', () => {
    expect(decodeProductPathSegment('fn5%2b')).toBe('~~~');
    expect(decodeProductPathSegment('YSUzRmIlM0U%3d')).toBe('a?b>');
  });

  it.each([
    ['malformed URI escape', '%E0%A4%A'],
    ['lone percent', 'abc%'],
    ['a character outside base64', 'SG9v!Zk'],
    ['a space', 'SG9v ZGll'],
    ['a wrong length', 'SG9vZ'],
    ['misplaced padding', 'S=G9vZGll'],
    ['too much padding', 'SG9vZA==='],
    ['base64url alphabet', 'fn5-'],
    ['base64 of text that is not URI-encoded', 'Pw=='], // atob gives '?'
    ['base64 of bytes', '/w=='], // atob gives '\xff'
    ['base64 of a malformed URI escape', 'JUUwJUE0'], // atob gives '%E0%A4'
    ['a raw path segment', 'Hoodie?x'],
  ])('is null for %s (%j)', (_label, input) => {
    expect(decodeProductPathSegment(input)).toBeNull();
  });

  it('decodes the empty segment to the empty string', () => {
    expect(decodeProductPathSegment('')).toBe('');
  });
});

describe('productPath', () => {
  it('builds /product/{title}/{product_id}', () => {
    expect(productPath('Hoodie', 'p-1')).toBe('/product/SG9vZGll/cC0x');
  });

  it('keeps each part a single path segment', () => {
    const path = productPath(UNICODE_TITLE, '~~~');
    const parts = path.split('/');
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe('');
    expect(parts[1]).toBe('product');
    expect(decodeProductPathSegment(parts[2]!)).toBe(UNICODE_TITLE);
    expect(decodeProductPathSegment(parts[3]!)).toBe('~~~');
  });

  it('survives a URL parser and a router that decodes segments', () => {
    const url = new URL(productPath(UNICODE_TITLE, 'abc-123'), 'https://shop.example');
    const [, , title, id] = url.pathname.split('/');
    expect(decodeProductPathSegment(title!)).toBe(UNICODE_TITLE);
    expect(decodeProductPathSegment(decodeURIComponent(id!))).toBe('abc-123');
  });
});
