import { useEffect, useState } from 'react';
import { useMarquee } from '../../lib/store-queries.ts';

export const MARQUEE_INTERVAL_MS = 3000;

/**
 * The announcement bar: its text rotates every 3 s. It keeps its place while the texts load and
 * is left out for a shop that has none (the page's frame leaves it out too: page-html.ts), so a
 * real shop shows no empty coloured strip.
 */
export function Marquee() {
  const { data } = useMarquee();
  const [index, setIndex] = useState(0);
  const texts = data?.map((m) => m.heading).filter((h) => h.trim() !== '');
  const count = texts?.length ?? 0;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), MARQUEE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count]);
  if (texts && count === 0) return null;
  const text = texts?.[index % Math.max(count, 1)];
  return (
    <div
      className="bg-orange-700 px-4 py-1.5 text-center text-sm font-medium text-white"
      data-testid="marquee"
    >
      <p className="min-h-5 truncate">{text ?? '\u00a0'}</p>
    </div>
  );
}
