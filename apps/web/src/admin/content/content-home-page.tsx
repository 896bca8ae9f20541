import { Link } from 'react-router';
import { AdminPage } from '../layout/admin-page.tsx';
import { KINDS } from './content-kinds.ts';

const card =
  'flex flex-col gap-1 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-orange-700 focus-visible:ring-2';

/** /admin/content: a card for each kind of content. */
export function Component() {
  const links = [
    // The categories live under Products; their card stays here for those who look for it.
    ...KINDS.map((k) =>
      k.kind === 'categories'
        ? { to: '/products/categories', title: k.title, blurb: `${k.blurb} (Under Products.)` }
        : { to: `/content/${k.kind}`, title: k.title, blurb: k.blurb },
    ),
    {
      to: '/content/pages',
      title: 'Pages',
      blurb: 'About, policies, rules and your own pages, in Markdown.',
    },
    {
      to: '/content/page-meta',
      title: 'Page meta',
      blurb: 'The site title, description, icon and scripts.',
    },
  ];
  return (
    <AdminPage title="Content">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={card}>
              <span className="font-semibold text-slate-900">{l.title}</span>
              <span className="text-sm text-slate-700">{l.blurb}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}
