import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { useSellsCourses } from '../../features/catalogue/api/catalogue-queries.ts';
import { RenderedMarkdown } from '../../components/content/rendered-markdown.tsx';
import { useContentPage } from '../../features/content/hooks/use-content.ts';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { NotFound } from './not-found-page.tsx';

/**
 * A content page of the store (about, centres, the policies, the academy rules): its Markdown
 * as the server rendered it. The about page ends with the shop-now buttons.
 */
export function Component() {
  // The page's slug: its path (/about) or, for a page the shop added, the last part (/pages/x).
  const slug = useLocation()
    .pathname.replace(/^\/+|\/+$/g, '')
    .replace(/^pages\//, '');
  const { data: page, error, isPending } = useContentPage(slug);
  const sellsCourses = useSellsCourses();
  usePageTitle(page?.title, page?.description);
  if (error instanceof ApiError && error.status === 404) return <NotFound />;
  if (error) throw error;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8" aria-busy={isPending}>
      {page ? (
        <>
          <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">{page.title}</h1>
          <RenderedMarkdown html={page.html} />
          {slug === 'about' && (
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/products" className={buttonClass('primary', 'min-h-11 px-6 text-base')}>
                Shop now
              </Link>
              {sellsCourses && (
                <Link to="/course" className={buttonClass('secondary', 'min-h-11 px-6 text-base')}>
                  Browse courses
                </Link>
              )}
            </div>
          )}
        </>
      ) : (
        <div role="status" aria-busy="true" aria-label="Loading" className="flex flex-col gap-3">
          <div className="h-8 w-2/3 animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-full animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-5/6 animate-pulse rounded bg-slate-200" />
        </div>
      )}
    </article>
  );
}
