/** The shape of a product card while products load, so nothing jumps when they arrive. */
export function ProductCardSkeleton({ inRow }: { inRow?: boolean }) {
  return (
    <li
      aria-hidden="true"
      className={`flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 ${
        inRow ? 'w-[calc(50vw-1.5rem)] max-w-[240px] shrink-0' : ''
      }`}
    >
      <div className="aspect-[5/4] w-full animate-pulse bg-slate-200 max-sm:max-h-32" />
      <div className="flex flex-col gap-1 p-2">
        <div className="h-11 rounded bg-slate-200" />
        <div className="h-6 w-1/2 rounded bg-slate-200" />
        <div className="h-11 rounded bg-slate-200" />
      </div>
    </li>
  );
}

export function ProductGridSkeleton({ count, className }: { count: number; className: string }) {
  return (
    <ul aria-hidden="true" className={className}>
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </ul>
  );
}
