import { describe, expect, it } from 'vitest';
import {
  base64ProductPath,
  decodeProductPathSegment,
  encodeProductPathSegment,
  parseProductPath,
  productIdOfKey,
  productKey,
  productPath,
  productSlug,
} from './product-path.ts';

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

describe("base64ProductPath (the spec's old form)", () => {
  it('builds /product/{title}/{product_id}', () => {
    expect(base64ProductPath('Hoodie', 'p-1')).toBe('/product/SG9vZGll/cC0x');
  });

  it('keeps each part a single path segment', () => {
    const path = base64ProductPath(UNICODE_TITLE, '~~~');
    const parts = path.split('/');
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe('');
    expect(parts[1]).toBe('product');
    expect(decodeProductPathSegment(parts[2]!)).toBe(UNICODE_TITLE);
    expect(decodeProductPathSegment(parts[3]!)).toBe('~~~');
  });

  it('survives a URL parser and a router that decodes segments', () => {
    const url = new URL(base64ProductPath(UNICODE_TITLE, 'abc-123'), 'https://shop.example');
    const [, , title, id] = url.pathname.split('/');
    expect(decodeProductPathSegment(title!)).toBe(UNICODE_TITLE);
    expect(decodeProductPathSegment(decodeURIComponent(id!))).toBe('abc-123');
  });
});

const ID = '3f2a9c1e-8b7d-4c2e-9f1a-0b1c2d3e4f5a';

describe('productSlug', () => {
  it.each([
    ['Classic Tee', 'classic-tee'],
    [UNICODE_TITLE, 'kids-inline-skates-size-32'],
    ['Café Crème  Hoodie!!', 'cafe-creme-hoodie'],
    ['Pads & Guards (Set of 3)', 'pads-and-guards-set-of-3'],
    ['हेलमेट', 'product'],
    ['', 'product'],
  ])('%j is %j', (title, slug) => {
    expect(productSlug(title)).toBe(slug);
  });

  it('is at most 60 characters, cut at the end of a word', () => {
    const slug = productSlug('Professional aggressive inline skates '.repeat(5));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(productSlug('x'.repeat(80))).toBe('x'.repeat(60));
  });
});

describe('productKey and productIdOfKey', () => {
  it('writes a UUID in 25 lower-case letters and digits and reads it back', () => {
    for (const id of [
      ID,
      '00000000-0000-4000-8000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '00000000-0000-0000-0000-000000000000',
    ]) {
      const key = productKey(id);
      expect(key).toMatch(/^[0-9a-z]{25}$/);
      expect(productIdOfKey(key)).toBe(id);
      expect(productIdOfKey(key.toUpperCase())).toBe(id);
    }
  });

  it('reads an upper-case UUID as the same product', () => {
    expect(productIdOfKey(productKey(ID.toUpperCase()))).toBe(ID);
  });

  it('keeps an id that is not a UUID, marked', () => {
    for (const id of ['p-1', 'a b/c', 'x'.repeat(25)]) {
      expect(productIdOfKey(productKey(id))).toBe(id);
    }
  });

  it.each([
    ['too short', 'abc'],
    ['too long', '0'.repeat(26)],
    ['a character outside base 36', `${'0'.repeat(24)}-`],
    ['more than 128 bits', 'z'.repeat(25)],
    ['an empty marked id', '~'],
    ['a malformed escape', '~%E0%A4%A'],
  ])('is null for %s', (_label, key) => {
    expect(productIdOfKey(key)).toBeNull();
  });
});

describe('productPath', () => {
  it('builds /p/{slug}/{key}', () => {
    expect(productPath('Classic Tee', ID)).toBe(`/p/classic-tee/${productKey(ID)}`);
    expect(productPath('Classic Tee', ID)).toMatch(/^\/p\/classic-tee\/[0-9a-z]{25}$/);
  });

  it('keeps the same key when the product is renamed', () => {
    expect(productPath('Old name', ID).split('/')[3]).toBe(
      productPath('New name', ID).split('/')[3],
    );
  });

  it('is read back by parseProductPath', () => {
    expect(parseProductPath(productPath(UNICODE_TITLE, ID))).toEqual({
      form: 'readable',
      slug: 'kids-inline-skates-size-32',
      id: ID,
    });
    expect(parseProductPath(productPath('Hoodie', 'p-1'))?.id).toBe('p-1');
  });
});

describe('parseProductPath', () => {
  it('reads the old base64 form with its title', () => {
    expect(parseProductPath(base64ProductPath(UNICODE_TITLE, ID))).toEqual({
      form: 'base64',
      title: UNICODE_TITLE,
      id: ID,
    });
  });

  it('takes one trailing slash', () => {
    expect(parseProductPath(`/p/tee/${productKey(ID)}/`)?.id).toBe(ID);
  });

  it('gives a null id for a malformed address', () => {
    expect(parseProductPath('/p/tee/nope')).toEqual({ form: 'readable', slug: 'tee', id: null });
    expect(parseProductPath('/product/%%%/!!!')).toEqual({ form: 'base64', title: null, id: null });
  });

  it('is undefined for other paths', () => {
    for (const path of ['/', '/products', '/product', '/p/tee', '/p/a/b/c', '/category-detail/x']) {
      expect(parseProductPath(path), path).toBeUndefined();
    }
  });
});
