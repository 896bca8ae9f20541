/**
 * A grey block where a figure or text will be, so the page does not jump (and shows no "₹0")
 * while it loads. Hidden from screen readers: say what is loading once, nearby, instead.
 */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-skeleton
      className={`inline-block animate-pulse rounded bg-slate-200 align-middle ${className}`}
    />
  );
}
