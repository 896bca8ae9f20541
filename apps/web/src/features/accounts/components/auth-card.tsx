import type { ReactNode } from 'react';

/** The frame of the login, register and reset screens. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro && <div className="mt-1 text-sm text-slate-700">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export const linkClass = 'font-semibold text-orange-800 underline-offset-2 hover:underline';
