/**
 * Product page URLs. A product's address is `/p/{slug}/{key}` (issue 59 item 7): the slug is the
 * title in lower-case words (readable in a WhatsApp message, ignored when finding the product) and
 * the key is the product id in 25 letters and digits (a UUID's 128 bits in base 36), so the
 * address stays unique and keeps working when the owner renames the product (a stale slug is
 * redirected to the current one).
 *
 * The spec's own form (catalogue-and-cart §2), `/product/{a}/{b}` where a =
 * base64(encodeURIComponent(title)) and b = base64(encodeURIComponent(product_id)), is still read
 * so old links redirect to the new address. Standard base64 may contain '/', '+' and '=', so each segment is URI-encoded once more to stay a
 * single path segment: the URL-ready segment is encodeURIComponent(base64(encodeURIComponent(s))).
 * Decoding accepts the URL-ready form and the raw base64 (a router usually hands over the segment
 * already URI-decoded).
 */

// btoa/atob are globals in Node 20 and every browser; this package's tsconfig has no DOM or Node
// typings, so they are typed here. They are called as methods of globalThis, as they require.
const base64 = globalThis as unknown as {
  btoa(data: string): string;
  atob(data: string): string;
};

/** Standard base64, padding optional. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;
/** The characters encodeURIComponent can produce. */
const URI_COMPONENT = /^[A-Za-z0-9\-_.!~*'()%]*$/;

/** The URL-ready path segment of a title or product id. */
export function encodeProductPathSegment(s: string): string {
  return encodeURIComponent(base64.btoa(encodeURIComponent(s)));
}

/**
 * The text of a product path segment, from its URL-ready or raw base64 form. Null (never a throw)
 * for malformed URI escapes, malformed base64, or base64 that does not hold URI-encoded text.
 */
export function decodeProductPathSegment(s: string): string | null {
  try {
    // '%' is not a base64 character, so its presence means the segment is still URI-encoded.
    const b64 = s.includes('%') ? decodeURIComponent(s) : s;
    if (!BASE64.test(b64)) return null;
    const uriEncoded = base64.atob(b64);
    if (!URI_COMPONENT.test(uriEncoded)) return null;
    return decodeURIComponent(uriEncoded);
  } catch {
    return null;
  }
}

/** The spec's product page path: `/product/{title segment}/{product id segment}` (old links). */
export function base64ProductPath(title: string, productId: string): string {
  return `/product/${encodeProductPathSegment(title)}/${encodeProductPathSegment(productId)}`;
}

/** The longest slug, cut at a word's end. */
const SLUG_MAX = 60;

/**
 * The readable part of a product's address: the title's letters and digits in lower case, words
 * joined by '-' (accents dropped, `&` read as "and"); "product" when nothing is left.
 */
export function productSlug(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, SLUG_MAX) || 'product';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A UUID's key: 128 bits in base 36 always fit 25 characters (36^25 > 2^128). */
const UUID_KEY = /^[0-9a-z]{25}$/;
const UUID_KEY_LENGTH = 25;
/** Marks the key of an id that is not a UUID (only ever in tests; the database's ids are UUIDs). */
const OTHER_KEY = '~';

/** The id part of a product's address: a UUID in 25 letters and digits, any other id as is. */
export function productKey(productId: string): string {
  if (UUID.test(productId)) {
    const bits = BigInt(`0x${productId.replace(/-/g, '')}`);
    return bits.toString(36).padStart(UUID_KEY_LENGTH, '0');
  }
  return OTHER_KEY + encodeURIComponent(productId);
}

/** The product id of an address's key (either letter case); null when it names no id. */
export function productIdOfKey(key: string): string | null {
  if (key.startsWith(OTHER_KEY)) {
    try {
      const id = decodeURIComponent(key.slice(OTHER_KEY.length));
      return id && !UUID.test(id) ? id : null;
    } catch {
      return null;
    }
  }
  const lower = key.toLowerCase();
  if (!UUID_KEY.test(lower)) return null;
  let bits = 0n;
  for (const c of lower) bits = bits * 36n + BigInt(parseInt(c, 36));
  if (bits >= 1n << 128n) return null;
  const hex = bits.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The product page path: `/p/{slug of the title}/{key of the id}`. */
export function productPath(title: string, productId: string): string {
  return `/p/${productSlug(title)}/${productKey(productId)}`;
}

/**
 * A product address read from a URL path: the readable form or the spec's base64 form (which
 * redirects); its id is null when the address is malformed (a not-found page, never a throw).
 */
export type ProductAddress =
  | { form: 'readable'; slug: string; id: string | null }
  | { form: 'base64'; title: string | null; id: string | null };

const READABLE_PATH = /^\/p\/([^/]+)\/([^/]+)\/?$/;
const BASE64_PATH = /^\/product\/([^/]+)\/([^/]+)\/?$/;

/** The product address of a URL path (no query), or undefined for a path that is not one. */
export function parseProductPath(pathname: string): ProductAddress | undefined {
  const readable = READABLE_PATH.exec(pathname);
  if (readable) {
    return { form: 'readable', slug: readable[1] ?? '', id: productIdOfKey(readable[2] ?? '') };
  }
  const old = BASE64_PATH.exec(pathname);
  if (old) {
    return {
      form: 'base64',
      title: decodeProductPathSegment(old[1] ?? ''),
      id: decodeProductPathSegment(old[2] ?? ''),
    };
  }
  return undefined;
}
