/** A made-up origin to read paths against: a path that leaves it is not one of this site's. */
const HERE = 'https://this-shop.invalid';
/** Pages that would only send the shopper round again. */
const SIGN_IN_PAGES = new Set(['/login', '/register', '/reset']);

/**
 * A page of this site to return to after signing in or registering (`?next=` or the remembered
 * `navigatepage`), or null. Only a path is taken: never another origin, whether written
 * "https://evil.example", "//evil.example", "/\evil.example" (browsers read \ as /) or with
 * control characters that browsers drop; never the sign-in pages themselves.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE || SIGN_IN_PAGES.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, told where to come back to (nothing when that is not a page of this site). */
export function pathWithNext(page: '/login' | '/register', next: string | null): string {
  const safe = safeReturnPath(next);
  return safe ? `${page}?next=${encodeURIComponent(safe)}` : page;
}
