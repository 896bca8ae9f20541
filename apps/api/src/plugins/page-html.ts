import { imageSrcSet } from '@shop/domain';

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

/**
 * What a page's first screen is drawn from, sent with its HTML so the first render needs no API
 * round trip and its largest image and route script load alongside the entry script.
 */
export interface FirstScreen {
  /** API answers by path under /api, exactly as the API sends them (JSON text). */
  responses: Record<string, string>;
  /** The largest image of the first screen (a path on this host). */
  image?: string;
  /** Its `sizes` on the page, so an upload's renditions are preloaded as the page picks them. */
  imageSizes?: string;
  /** The route module that draws the page (its source path, a key of the Vite manifest). */
  module: string;
  /**
   * The announcement bar's first text, drawn into the page's frame (index.html); null when the
   * shop has none (the bar is left out, as the app leaves it out); unset when it is not known
   * (the bar keeps its place, empty).
   */
  announcement?: string | null;
}

/** Where index.html's frame holds the announcement bar's text. */
export const ANNOUNCEMENT_SLOT = '<!--announcement-->';
/** The announcement bar in index.html's frame, between these two markers. */
const ANNOUNCEMENT_BAR = /<!--announcement-bar-->[\s\S]*?<!--\/announcement-bar-->/;

/** The id of the JSON block the web app reads its first screen's API answers from. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen-data';

/**
 * The meta element naming the store a page serves (decision 0051); the web app reads it at start
 * (apps/web/src/lib/api-client.ts), so one build serves any store.
 */
export const STORE_META_NAME = 'shop-store-id';

/** A page of the web build (index.html or admin.html) naming the store it serves. */
export function withStoreId(html: string, storeId: string): string {
  const meta = `<meta name="${STORE_META_NAME}" content="${escapeHtml(storeId)}" />`;
  return html.replace('</head>', () => `  ${meta}\n  </head>`);
}

/** JSON inside <script> must not be able to close the tag (`<` only occurs inside strings). */
const escapeScriptJson = (json: string) => json.replace(/</g, '\\u003c');
const safeJson = (value: unknown) => escapeScriptJson(JSON.stringify(value));

/** A script the page will import, fetched alongside the entry script. */
export const modulePreloadLink = (file: string) =>
  `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`;

/** The page's head for crawlers (see renderHead) and its first screen, when there are ones. */
export function renderPageHtml(
  indexHtml: string,
  head?: PageHead,
  firstScreen?: FirstScreen,
  /** Files of a route module, from the build manifest. */
  modulePreloads: (module: string) => string[] = () => [],
): string {
  const html = head ? renderHead(indexHtml, head) : indexHtml;
  if (!firstScreen) return html;
  const srcset = firstScreen.image ? imageSrcSet(firstScreen.image) : undefined;
  const responsive =
    srcset && firstScreen.imageSizes
      ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(firstScreen.imageSizes)}"`
      : '';
  const links = [
    firstScreen.image
      ? `<link rel="preload" as="image" href="${escapeHtml(firstScreen.image)}"${responsive} fetchpriority="high" />`
      : '',
    ...modulePreloads(firstScreen.module).map(modulePreloadLink),
  ].filter(Boolean);
  // API answers are JSON text already; they are spliced in without parsing them again.
  const json = `{${Object.entries(firstScreen.responses)
    .map(([path, body]) => `${JSON.stringify(path)}:${body}`)
    .join(',')}}`;
  const data = `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${escapeScriptJson(json)}</script>`;
  const announcement = firstScreen.announcement ? escapeHtml(firstScreen.announcement) : '';
  // Replacer functions: a `$&` or `$'` in the text must stay literal.
  return html
    .replace(ANNOUNCEMENT_BAR, (bar) => (firstScreen.announcement === null ? '' : bar))
    .replace(ANNOUNCEMENT_SLOT, () => announcement)
    .replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
    .replace('</body>', () => `  ${data}\n  </body>`);
}

function renderHead(indexHtml: string, head: PageHead): string {
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
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `  ${tags}\n  </head>`);
}
