/**
 * The storefront's page paths, as apps/web's router (apps/web/src/app/router.tsx) draws them; a
 * test there keeps the two lists the same. The server answers a path that matches none of them
 * with status 404 (and the app, which shows its not-found page): issue 59 item 7.
 * `:name` is one non-empty path segment.
 */
export const STOREFRONT_ROUTES = [
  '',
  'products',
  'product',
  'product/:title/:id',
  'p/:slug/:key',
  'category-detail/:category',
  'course',
  'cart',
  'perfumes',
  'login',
  'register',
  'reset',
  'contact',
  'enquiry-form',
  'about',
  'centers',
  'privacy-policy',
  'refund-policy',
  'terms-and-conditions',
  'shipping-and-delivery',
  'rules-and-regulations',
  'pages/:slug',
  'data-erased',
  'my-account',
  'my-account/privacy',
  'checkout',
  'payment-success/:orderId',
  'payment-failed/:orderId',
  'invoice/:orderId',
  'track/:orderId',
  'pay-upi/:orderId',
  'admission-form',
  'admission-form-step-2',
  'admission-consent',
  'payment-successad/:receiptId',
  'payment-failedad/:receiptId',
] as const;

const splitPath = (path: string) => path.split('/').filter(Boolean);

const PATTERNS = STOREFRONT_ROUTES.map(splitPath);

/** Whether a URL path (no query; raw or decoded) is one of the storefront's pages. */
export function isStorefrontPath(pathname: string): boolean {
  // One trailing slash is the same page; an empty segment inside the path is not.
  const trimmed = pathname.replace(/\/$/, '');
  if (trimmed !== '' && !trimmed.startsWith('/')) return false;
  const segments = trimmed.split('/').slice(1);
  if (segments.some((s) => s === '')) return false;
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
}
