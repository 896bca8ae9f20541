import { useEffect, type ReactNode } from 'react';

/** An admin page: its title (also the document's), optional actions beside it, its content. */
export function AdminPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} | Admin`;
  }, [title]);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="admin-page-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="admin-page-title" className="text-xl font-bold text-slate-900 sm:text-2xl">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A page that is still to be built (the orders desk, the inbox, the dashboard until they are). */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AdminPage title={title}>
      <p className="rounded-lg bg-white p-4 text-slate-700 shadow-sm ring-1 ring-slate-200">
        {children}
      </p>
    </AdminPage>
  );
}
