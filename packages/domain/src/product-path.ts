/**
 * Product page URLs (catalogue-and-cart §2): `/product/{a}/{b}` where a = base64(encodeURIComponent
 * (title)) and b = base64(encodeURIComponent(product_id)).
 *
 * Standard base64 may contain '/', '+' and '=', so each segment is URI-encoded once more to stay a
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

/** The product page path: `/product/{title segment}/{product id segment}`. */
export function productPath(title: string, productId: string): string {
  return `/product/${encodeProductPathSegment(title)}/${encodeProductPathSegment(productId)}`;
}
