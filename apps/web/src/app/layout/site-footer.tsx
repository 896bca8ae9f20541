import { Link } from 'react-router';
import { CONTENT_PAGE_SLUGS } from '@shop/domain';
import { useSellsCourses } from '../../features/catalogue/api/catalogue-queries.ts';
import { usePageMeta } from '../../lib/store-queries.ts';
import { ShopLogo } from './shop-logo.tsx';

/** The spec's pages with paths of their own; those of CONTENT_SLUGS are shown when they exist. */
const LINKS = [
  ['/about', 'About us'],
  ['/centers', 'Our centres'],
  ['/course', 'Courses'],
  ['/contact', 'Contact'],
  ['/enquiry-form', 'Enquiry'],
  ['/privacy-policy', 'Privacy policy'],
  ['/refund-policy', 'Refund policy'],
  ['/terms-and-conditions', 'Terms and conditions'],
  ['/shipping-and-delivery', 'Shipping and delivery'],
  ['/rules-and-regulations', 'Rules and regulations'],
] as const;

/** The links that are content pages (the owner writes them; a new shop has none). */
const CONTENT_SLUGS = new Set<string>(CONTENT_PAGE_SLUGS);

export function SiteFooter() {
  const meta = usePageMeta().data;
  const sellsCourses = useSellsCourses();
  const shop = meta?.store_name ?? '';
  // Before the meta is read every link shows (the usual shop has them all); then only pages
  // that exist, under the titles the owner gave them, and the pages the owner added
  // (/pages/{slug}) after them. Courses only in a shop that sells them.
  const existing = meta ? new Map(meta.pages.map((p) => [p.slug, p.title])) : null;
  const links: (readonly [string, string])[] = [
    ...LINKS.filter(([to]) => to !== '/course' || sellsCourses === true)
      .filter(([to]) => !existing || !CONTENT_SLUGS.has(to.slice(1)) || existing.has(to.slice(1)))
      .map(([to, label]) => [to, existing?.get(to.slice(1)) || label] as const),
    ...(meta?.pages ?? [])
      .filter((p) => !CONTENT_SLUGS.has(p.slug))
      .map((p) => [`/pages/${p.slug}`, p.title] as const),
  ];
  return (
    <footer className="mt-10 bg-slate-900 pb-[calc(5rem+var(--inset-bottom))] text-slate-200 sm:pb-(--inset-bottom)">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:grid-cols-2">
        <div>
          <p className="text-lg font-extrabold text-white">
            <ShopLogo />
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-4 text-sm">
            {links.map(([to, label]) => (
              <li key={to}>
                <Link to={to} className="tap hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs">
        © {new Date().getFullYear()} {shop}
      </p>
    </footer>
  );
}
