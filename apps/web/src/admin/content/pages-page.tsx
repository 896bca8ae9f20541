import { Link } from 'react-router';
import { POLICY_PAGE_SLUGS } from '@shop/domain';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { useCreatePolicyPages, usePages } from './content-api.ts';

/** The policy pages' names, as the owner knows them. */
const POLICY_NAMES: Record<(typeof POLICY_PAGE_SLUGS)[number], string> = {
  'privacy-policy': 'Privacy policy',
  'refund-policy': 'Refund and return policy',
  'terms-and-conditions': 'Terms and conditions',
  'shipping-and-delivery': 'Shipping and delivery policy',
};

/**
 * The policy pages every shop needs (issue 57 item 5): which are missing, and "Create policy
 * pages", which writes them from templates filled with the shop's settings, never touching a
 * page the shop has. The outcome shows beside the button.
 */
function PolicyPages({ slugs }: { slugs: Set<string> }) {
  const create = useCreatePolicyPages();
  const missing = POLICY_PAGE_SLUGS.filter((s) => !slugs.has(s));
  const made = create.data?.created ?? [];
  return (
    <section
      aria-labelledby="policy-pages-title"
      className="mb-4 flex flex-col gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="policy-pages-title" className="font-semibold text-slate-900">
        Policy pages
      </h2>
      {missing.length === 0 ? (
        <p className="text-sm text-slate-800">
          Your shop has all four policy pages (privacy, refunds, terms, shipping); they are linked
          at the bottom of every page.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-800">
            Customers, payment providers and the law expect these pages. Missing:{' '}
            {missing.map((s) => POLICY_NAMES[s]).join(', ')}. We write them for you from your shop
            details (name, address, contacts, payment and delivery settings); pages you already have
            are left as they are.
          </p>
          <Button
            type="button"
            className="min-h-11 self-start"
            disabled={create.isPending}
            onClick={() => create.mutate()}
          >
            {create.isPending ? 'Creating…' : 'Create policy pages'}
          </Button>
        </>
      )}
      <div role="status" className="text-sm text-slate-900">
        {made.length > 0 && (
          <>
            <p className="font-semibold text-green-800">
              Created {made.length === 1 ? 'a page' : `${made.length} pages`}: they are on your shop
              now.
            </p>
            <p>
              Read each one and change anything marked “Fill in”, and the 7-day return window if
              yours differs:
            </p>
            <ul className="list-disc pl-5">
              {made.map((p) => (
                <li key={p.slug}>
                  <Link to={`/content/pages/${p.slug}`} className="tap underline">
                    Edit {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {create.error && <FormAlert message={errorText(create.error)} />}
    </section>
  );
}

/** /admin/content/pages: the store's content pages. */
export function Component() {
  const pages = usePages();
  return (
    <AdminPage
      title="Pages"
      actions={
        <span className="flex items-center gap-3">
          <Link to="/content" className="tap text-sm font-semibold text-slate-800 underline">
            Back to content
          </Link>
          <Link to="/content/pages/new" className={buttonClass('primary')}>
            New page
          </Link>
        </span>
      }
    >
      {pages.error && <FormAlert message={errorText(pages.error)} />}
      {pages.data && <PolicyPages slugs={new Set(pages.data.map((p) => p.slug))} />}
      <ul className="flex flex-col gap-2">
        {(pages.data ?? []).map((p) => (
          <li
            key={p.slug}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
          >
            <Link
              to={`/content/pages/${p.slug}`}
              className="tap font-semibold text-slate-900 underline"
            >
              {p.title}
            </Link>
            <a
              href={p.path}
              className="tap text-sm text-slate-700 underline"
              target="_blank"
              rel="noreferrer"
            >
              {p.path}
            </a>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
