/**
 * The spec's content pages (accounts-checkout-payments §9), each at a path of its own (/about,
 * …), in footer order. Pages the owner adds live at /pages/{slug} (decision 0023).
 */
export const CONTENT_PAGE_SLUGS = [
  'about',
  'centers',
  'privacy-policy',
  'refund-policy',
  'terms-and-conditions',
  'shipping-and-delivery',
  'rules-and-regulations',
] as const;
