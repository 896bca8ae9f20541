/**
 * Crawlers and link previews do not run JavaScript, so the HTML served for product and category
 * URLs carries the right <title>, description, Open Graph tags and (for products) Product JSON-LD.
 */

export interface PageHead {
  title: string;
  description: string;
  image?: string;
  type: 'product' | 'website';
  url: string;
  jsonLd?: Record<string, unknown>;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON inside <script> must not be able to close the tag. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function renderPageHtml(indexHtml: string, head: PageHead): string {
  const tags = [
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}" />` : '',
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    head.jsonLd ? `<script type="application/ld+json">${safeJson(head.jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', `  ${tags}\n  </head>`);
}
