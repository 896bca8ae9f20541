import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { KindPage } from '../../content/content-list-page.tsx';
import { kindSpec } from '../../content/content-kinds.ts';
import { useStaffUser } from '../../lib/use-staff-user.ts';
import { listCategories } from '../products-api.ts';
import { SizeChartEditor } from '../size-chart-editor.tsx';

/** /admin/products/categories: the store's categories, under Products where an owner looks. */
export function Component() {
  return (
    <>
      <KindPage
        spec={kindSpec('categories')!}
        backTo={{ to: '/products', text: 'Back to products' }}
      />
      <CategorySizeCharts />
    </>
  );
}

/** The owner's size chart of each category, shown on its products' pages beside the sizes. */
function CategorySizeCharts() {
  const user = useStaffUser();
  const categories = useQuery({ queryKey: ['admin-categories'], queryFn: listCategories });
  const [chosen, setChosen] = useState('');
  if (user?.role !== 'owner') return null;
  const list = categories.data ?? [];
  const key = chosen || list[0]?.category || '';
  return (
    <section
      aria-labelledby="size-charts-heading"
      className="mt-4 flex min-w-0 flex-col gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
    >
      <h2 id="size-charts-heading" className="text-base font-bold text-slate-900">
        Size charts
      </h2>
      {list.length === 0 ? (
        <p className="text-sm text-slate-700">Add a category first.</p>
      ) : (
        <>
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-900">
            Category
            <select
              className="min-h-11 rounded-lg px-3 ring-1 ring-slate-400"
              value={key}
              onChange={(e) => setChosen(e.target.value)}
            >
              {list.map((c) => (
                <option key={c.category} value={c.category}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <SizeChartEditor
            target={{ kind: 'category', key }}
            hint="Shown beside the sizes of every product in this category (a product can have its own)."
          />
        </>
      )}
    </section>
  );
}
