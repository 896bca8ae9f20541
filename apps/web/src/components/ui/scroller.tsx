import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface ScrollerProps {
  label: string;
  /** Pixels one press of a scroll button moves the row. */
  step: number;
  children: ReactNode;
}

/**
 * A horizontally scrolling row with left and right buttons. No scroll snapping: it would round
 * every press to the card pitch instead of the step the spec sets (260, 250, 150 px). The
 * buttons show only while the row is wider than its box (from 640 px up; phones swipe).
 */
export function Scroller({ label, step, children }: ScrollerProps) {
  const row = useRef<HTMLUListElement>(null);
  const [overflows, setOverflows] = useState(true);
  // Measured after every render (new cards) and whenever the row's box changes size, by the
  // observer (its first call comes after the next layout, before that frame paints): measuring
  // in the effect itself forced a layout inside React's commit (issue 29, Total Blocking Time).
  useLayoutEffect(() => {
    const el = row.current;
    if (!el) return;
    const measure = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  });
  const scroll = (direction: 1 | -1) =>
    row.current?.scrollBy({ left: direction * step, behavior: 'smooth' });
  const arrow = `absolute top-1/2 z-10 hidden size-tap -translate-y-1/2 items-center justify-center rounded-full bg-white text-xl shadow ring-1 ring-slate-200 hover:bg-slate-100 ${overflows ? 'sm:flex' : ''}`;
  return (
    <div className="relative">
      <button
        type="button"
        className={`${arrow} -left-3`}
        aria-label={`Scroll ${label} left`}
        onClick={() => scroll(-1)}
      >
        ‹
      </button>
      <ul
        ref={row}
        aria-label={label}
        className="relative flex gap-3 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:thin]"
      >
        {children}
      </ul>
      <button
        type="button"
        className={`${arrow} -right-3`}
        aria-label={`Scroll ${label} right`}
        onClick={() => scroll(1)}
      >
        ›
      </button>
    </div>
  );
}
