import { useId, useState } from 'react';
import type { Product } from '@shop/contracts';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';

const TABS = [
  ['description', 'Description'],
  ['specs', 'Specifications'],
  ['features', 'Key features'],
  ['reviews', 'Reviews'],
] as const;
type TabId = (typeof TABS)[number][0];

function ReviewForm() {
  const id = useId();
  const [text, setText] = useState('');
  return (
    <form
      className="mt-4 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        // The spec's review submit only clears the text; reviews are not stored yet.
        setText('');
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        Write a review
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        className="rounded-lg p-2 ring-1 ring-slate-300"
      />
      <Button type="submit" className="w-fit">
        Submit review
      </Button>
    </form>
  );
}

export function ProductTabs({ product }: { product: Product }) {
  const [tab, setTab] = useState<TabId>('description');
  return (
    <section className="mt-8">
      <Tabs
        label="Product details"
        tabs={TABS.map(([key, label]) => ({
          key,
          label: key === 'reviews' ? `${label} (${product.reviews.length})` : label,
        }))}
        active={tab}
        onChange={setTab}
        listClass="flex gap-1 overflow-x-auto border-b border-slate-200"
        tabClass={(selected) =>
          `min-h-tap shrink-0 border-b-2 px-3 text-sm font-semibold ${
            selected ? 'border-orange-700 text-slate-900' : 'border-transparent text-slate-700'
          }`
        }
        panelClass="py-4 text-slate-800"
      >
        {tab === 'description' && <p className="whitespace-pre-line">{product.description}</p>}
        {tab === 'specs' && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            {product.specifications.map((s) => (
              <div key={s.label} className="contents">
                <dt className="font-semibold">{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {tab === 'features' && (
          <ul className="list-disc pl-5">
            {product.key_features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        {tab === 'reviews' && (
          <>
            {product.reviews.length === 0 && <p>No reviews yet.</p>}
            <ul className="flex flex-col gap-3">
              {product.reviews.map((r, i) => (
                <li
                  key={`${r.user}-${i}`}
                  className="rounded-xl bg-white p-3 ring-1 ring-slate-200"
                >
                  <p className="font-semibold">
                    {r.user}
                    {r.rating !== null && (
                      <span className="ml-2 text-sm text-orange-800">{r.rating}/5</span>
                    )}
                  </p>
                  <p>{r.comment}</p>
                </li>
              ))}
            </ul>
            <ReviewForm />
          </>
        )}
      </Tabs>
    </section>
  );
}
