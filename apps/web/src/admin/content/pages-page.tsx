import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { usePages } from './content-api.ts';

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
