import { useEffect, useId, type ReactNode } from 'react';
import { Scroller } from '../../../components/ui/scroller.tsx';

interface HomeRowProps<T> {
  /** The store read behind the row; a failure is only logged (catalogue-and-cart §8). */
  query: { data: T[] | undefined; error: Error | null };
  /** Names the read in the log: "Failed to load {what}". */
  what: string;
  heading: string;
  subtitle?: string;
  /** The row's accessible name, also used in its scroll buttons' names. */
  label: string;
  /** Pixels one press of a scroll button moves the row. */
  step: number;
  children: (items: T[]) => ReactNode;
}

/** A scrolling home-page row of store content (offers, categories), absent until it has items. */
export function HomeRow<T>({
  query: { data, error },
  what,
  heading,
  subtitle,
  label,
  step,
  children,
}: HomeRowProps<T>) {
  const headingId = useId();
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error);
  }, [error, what]);
  if (!data?.length) return null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby={headingId}>
      <h2 id={headingId} className={`text-xl font-bold ${subtitle ? '' : 'mb-3'}`}>
        {heading}
      </h2>
      {subtitle && <p className="mb-3 text-slate-700">{subtitle}</p>}
      <Scroller label={label} step={step}>
        {children(data)}
      </Scroller>
    </section>
  );
}
