import { IMAGE_SIZES, isSortOption, parseProductPath } from '@shop/domain';
import type { FirstScreen } from '../../plugins/page-html.ts';

/**
 * The catalogue reads the storefront makes to draw a page's first screen, answered in the HTML
 * itself so the first render needs no API round trip (apps/web/src/lib/first-screen.ts). The
 * paths are the ones the web app's query hooks request; a path that drifts from them is only a
 * lost shortcut (the app then fetches it), which the e2e test "first screen" catches.
 */
interface Plan {
  /** The route module of apps/web that draws the page, preloaded with the entry script. */
  module: string;
  reads: string[];
  /** The path whose answer names the page's largest image, and how to find it there. */
  image?: { read: string; pick: (body: unknown) => unknown; sizes?: string };
}

/**
 * Reads every page makes: the layout's meta, marquee and cart buttons, and the categories (the
 * footer links to courses only in a shop that has them).
 */
export const layoutReads = (store: string) => [
  `/meta/${store}`,
  `/marquee/all/${store}`,
  `/button/${store}`,
  `/category/getdata/category/${store}`,
];

const listPath = (store: string, params: Record<string, string | undefined>) => {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, v);
  return `/grouped-product/search-all-products/${store}?${query.toString()}`;
};

/** A listing's sort as the web app reads it from the page URL. */
const sortOf = (url: URL) => {
  const sort = url.searchParams.get('sort');
  return isSortOption(sort) ? sort : 'recommended';
};

type Body = { data?: unknown } | null | undefined;
const data = (body: unknown) => (body as Body)?.data;
const first = (list: unknown) => (Array.isArray(list) ? (list[0] as unknown) : undefined);
const imageOf = (item: unknown) => (item as { image?: unknown } | undefined)?.image;

/**
 * The announcement bar's first text (the marquee read's first heading), drawn into the page's
 * frame before the scripts arrive: on pages without a large image it is the largest paint. Null
 * for a shop with no announcement (the frame then has no bar, as the app draws none), undefined
 * when the marquee was not read.
 */
export function layoutAnnouncement(
  store: string,
  responses: Record<string, string>,
): string | null | undefined {
  const body = responses[`/marquee/all/${store}`];
  if (body === undefined) return undefined;
  const heading = (first(data(JSON.parse(body))) as { heading?: unknown } | undefined)?.heading;
  return typeof heading === 'string' && heading.trim() ? heading : null;
}

function planFor(storeId: string, url: URL): Plan | undefined {
  const store = encodeURIComponent(storeId);
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/') {
    const sliders = `/slider/all/${store}`;
    return {
      module: 'src/app/routes/home-page.tsx',
      reads: [
        sliders,
        `/newarrival/all/${store}`,
        listPath(store, { page: '1', limit: '20', sort: 'recommended', courses: 'exclude' }),
        `/offer/all/${store}`,
      ],
      image: { read: sliders, pick: (b) => imageOf(first(data(b))) },
    };
  }
  if (path === '/products' || path === '/product') {
    const search = url.searchParams.get('search')?.trim() || undefined;
    const list = listPath(store, {
      page: '1',
      limit: '10',
      sort: sortOf(url),
      courses: search ? 'include' : 'exclude',
      search,
    });
    return {
      module: 'src/app/routes/products-page.tsx',
      reads: [list],
      image: { read: list, pick: (b) => imageOf(first(data(b))), sizes: IMAGE_SIZES.card },
    };
  }
  const product = parseProductPath(path);
  if (product) {
    const id = product.id;
    if (id === null) return undefined;
    const single = `/grouped-product/single/${encodeURIComponent(id)}`;
    return {
      module: 'src/app/routes/product-page.tsx',
      reads: [single, `/pincode/getall/${store}`],
      image: { read: single, pick: (b) => imageOf(data(b)), sizes: IMAGE_SIZES.gallery },
    };
  }
  const category = /^\/category-detail\/([^/]+)$/.exec(path);
  if (category) {
    let name: string;
    try {
      name = decodeURIComponent(category[1] ?? '');
    } catch {
      return undefined;
    }
    const list = listPath(store, {
      page: '1',
      limit: '10',
      sort: sortOf(url),
      courses: 'include',
      category: name,
    });
    return {
      module: 'src/app/routes/category-page.tsx',
      reads: [list],
      image: { read: list, pick: (b) => imageOf(first(data(b))), sizes: IMAGE_SIZES.card },
    };
  }
  const signedIn = SIGNED_IN_PAGES[path];
  if (signedIn) return { module: signedIn.module, reads: signedIn.storeReads(store) };
  return undefined;
}

/**
 * Pages drawn from the visitor's own cart, addresses and orders (and the sign-in forms that lead
 * there): those need the bearer token, which a page request does not carry (it lives in
 * localStorage), so their HTML holds the layout's reads and the store settings the page waits
 * for (the cart and checkout show nothing before the payment buttons, checkout nothing before
 * the payment settings), and their route module is preloaded with the entry script instead of
 * after it.
 */
const SIGNED_IN_PAGES: Record<string, { module: string; storeReads: (store: string) => string[] }> =
  {
    '/cart': {
      module: 'src/app/routes/cart-page.tsx',
      storeReads: (store) => [`/paybutton/${store}`],
    },
    '/checkout': {
      module: 'src/app/routes/checkout-page.tsx',
      storeReads: (store) => [`/paybutton/${store}`, `/pay-razorpay/${store}`],
    },
    '/my-account': { module: 'src/app/routes/my-account-page.tsx', storeReads: () => [] },
    '/login': { module: 'src/app/routes/login-page.tsx', storeReads: () => [] },
    '/register': { module: 'src/app/routes/register-page.tsx', storeReads: () => [] },
  };

/**
 * The first screen of a page: the API answers it is drawn from (JSON text, by path under /api),
 * its largest image and its route module, or undefined for pages without one.
 * `read` answers a GET under /api with the response text, or null when it is not a 200.
 */
export async function catalogueFirstScreen(
  storeId: string,
  url: URL,
  read: (path: string) => Promise<string | null>,
): Promise<FirstScreen | undefined> {
  const plan = planFor(storeId, url);
  if (!plan) return undefined;
  const paths = [...layoutReads(encodeURIComponent(storeId)), ...plan.reads];
  const bodies = await Promise.all(paths.map(read));
  const responses: Record<string, string> = {};
  paths.forEach((p, i) => {
    const body = bodies[i];
    if (body != null) responses[p] = body;
  });
  let image: string | undefined;
  const imageBody = plan.image && responses[plan.image.read];
  if (plan.image && imageBody !== undefined) {
    const picked = plan.image.pick(JSON.parse(imageBody));
    // Only a path on this host: the preload must not fetch from elsewhere.
    if (typeof picked === 'string' && /^\/(?!\/)/.test(picked)) image = picked;
  }
  const announcement = layoutAnnouncement(encodeURIComponent(storeId), responses);
  return {
    responses,
    module: plan.module,
    ...(announcement !== undefined ? { announcement } : {}),
    ...(image ? { image } : {}),
    ...(image && plan.image?.sizes ? { imageSizes: plan.image.sizes } : {}),
  };
}
