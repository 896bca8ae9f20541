import { CONTENT_PAGE_SLUGS } from '@shop/domain';
import type { FirstScreen, PageHead } from '../../plugins/page-html.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import { layoutAnnouncement, layoutReads } from '../catalogue/index.ts';
import type { ContentService } from './content-service.ts';

/** The web paths of the content pages (apps/web's router draws them with content-page.tsx). */
export const CONTENT_PATHS = new Set<string>(CONTENT_PAGE_SLUGS);

/** The public forms' pages: their own title and description, no stored content. */
const FORM_PAGES: Record<string, { title: string; description: (shop: string) => string }> = {
  contact: {
    title: 'Contact Us',
    description: (shop) =>
      `Get in touch with ${shop}: write to us, call or message us on WhatsApp, or visit our office.`,
  },
  'enquiry-form': {
    title: 'Enquiry Form',
    description: (shop) => `Send ${shop} an enquiry and our team will get back to you.`,
  },
};

const slugOf = (pathname: string) => pathname.replace(/^\/+|\/+$/g, '');

/**
 * The head of a content or form page: its own title ("{page} | {shop}") and description;
 * null for a content page the store does not have (a 404); undefined for every other path.
 */
export async function contentPageHead(
  content: ContentService,
  catalogue: CatalogueService,
  storeId: string,
  pathname: string,
  origin: string,
): Promise<PageHead | null | undefined> {
  const slug = slugOf(pathname);
  const form = FORM_PAGES[slug];
  if (!CONTENT_PATHS.has(slug) && !form) return undefined;
  const shop = (await catalogue.pageMeta(storeId).catch(() => null))?.store_name ?? '';
  const title = (page: string) => (shop ? `${page} | ${shop}` : page);
  const url = `${origin}/${slug}`;
  if (form) {
    return { title: title(form.title), description: form.description(shop), type: 'website', url };
  }
  const page = await content.find(storeId, slug);
  if (!page) return null;
  return { title: title(page.title), description: page.description, type: 'website', url };
}

/**
 * The first screen of a content page (the layout's reads and the page itself) and of the
 * contact page (help and office); undefined for other paths. The paths are the ones the web's
 * hooks request (apps/web/src/features/content).
 */
export async function contentFirstScreen(
  storeId: string,
  url: URL,
  read: (path: string) => Promise<string | null>,
): Promise<FirstScreen | undefined> {
  const slug = slugOf(url.pathname);
  const store = encodeURIComponent(storeId);
  let plan: { module: string; reads: string[] } | undefined;
  if (CONTENT_PATHS.has(slug)) {
    plan = { module: 'src/app/routes/content-page.tsx', reads: [`/pages/${store}/${slug}`] };
  } else if (slug === 'contact') {
    plan = {
      module: 'src/app/routes/contact-page.tsx',
      reads: [`/help/single/${store}`, `/register/officesingle/${store}`],
    };
  } else if (slug === 'enquiry-form') {
    plan = { module: 'src/app/routes/enquiry-page.tsx', reads: [] };
  }
  if (!plan) return undefined;
  const paths = [...layoutReads(store), ...plan.reads];
  const bodies = await Promise.all(paths.map(read));
  const responses: Record<string, string> = {};
  paths.forEach((p, i) => {
    const body = bodies[i];
    if (body != null) responses[p] = body;
  });
  const announcement = layoutAnnouncement(store, responses);
  return {
    responses,
    module: plan.module,
    ...(announcement !== undefined ? { announcement } : {}),
  };
}
