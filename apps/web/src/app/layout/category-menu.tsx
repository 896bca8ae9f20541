import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { normalizeCategory } from '@shop/domain';
import { Drawer } from '../../components/ui/drawer.tsx';
import { useCategories } from '../../features/catalogue/api/catalogue-queries.ts';

const LINK =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 text-base font-medium text-slate-900 hover:bg-slate-100 aria-[current=page]:bg-orange-50 aria-[current=page]:text-orange-900';

/**
 * The header's category menu: a button that opens the store's categories in a
 * drawer from the side. The drawer is a native modal <dialog>: focus stays inside while it is
 * open, Escape or a tap outside closes it, and focus returns to the button.
 */
export function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { data: categories } = useCategories();
  const { pathname } = useLocation();

  // A link followed (or the back button) closes the drawer.
  useEffect(() => setOpen(false), [pathname]);

  const current = (to: string) => (pathname === to ? ('page' as const) : undefined);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-drawer`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className="-ml-2 flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-800"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6 fill-none stroke-current stroke-2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
        <span className="sr-only">Categories</span>
      </button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        id={`${id}-drawer`}
        labelledBy={`${id}-title`}
        side="left"
        width="w-[min(20rem,85vw)]"
      >
        <nav aria-labelledby={`${id}-title`} className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 py-1 pl-4 pr-2">
            <h2 id={`${id}-title`} className="text-lg font-bold">
              Shop by category
            </h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              aria-label="Close categories"
              className="flex size-11 items-center justify-center rounded-lg text-2xl text-slate-700 hover:bg-slate-100"
            >
              ×
            </button>
          </div>
          <ul className="flex-1 overflow-y-auto p-2">
            <li>
              <Link to="/products" className={LINK} aria-current={current('/products')}>
                All products
              </Link>
            </li>
            {categories === undefined && (
              <li role="status" className="px-3 py-2 text-sm text-slate-600">
                Loading categories...
              </li>
            )}
            {categories?.map((c) => {
              const to = `/category-detail/${encodeURIComponent(c.category)}`;
              const here =
                pathname.startsWith('/category-detail/') &&
                normalizeCategory(decodeURIComponent(pathname.slice(17))) ===
                  normalizeCategory(c.category);
              return (
                <li key={c.category}>
                  <Link to={to} className={LINK} aria-current={here ? 'page' : undefined}>
                    {c.icon && (
                      <img
                        src={c.icon}
                        alt=""
                        width={32}
                        height={32}
                        loading="lazy"
                        className="size-8 rounded-md"
                      />
                    )}
                    {c.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </Drawer>
    </>
  );
}
