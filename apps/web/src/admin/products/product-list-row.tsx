import { Link } from 'react-router';
import type { AdminProductRow } from '@shop/contracts';
import type { StockLevel } from '@shop/domain';
import { inr } from '../../lib/format.ts';
import type { ResourceColumn } from '../lib/resource-list/resource-list.tsx';

export const STOCK_LABELS: Record<StockLevel, string> = { in: 'In stock', low: 'Low', out: 'Out' };

/** The product types in a shop owner's words. */
export const TYPE_WORDS: Record<string, string> = {
  Simple: 'One version',
  'Variable Product': 'Sizes / colours',
  'Grouped Product': 'A set of products',
};

/** A product type as the list and the form name it: "One version", "Sizes / colours", … */
export const typeLabel = (t: string) => TYPE_WORDS[t] ?? t;

const stockText = (p: AdminProductRow) => `${String(p.stock)} (${STOCK_LABELS[p.stock_level]})`;

/** A product as a phone card of the catalogue: its photo, then title, SKU, prices and stock. */
export function ProductCard({ product: p }: { product: AdminProductRow }) {
  return (
    <>
      <Thumb row={p} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={`/products/${p.product_id}`}
          className="tap font-semibold break-words text-orange-800 underline"
        >
          {p.title}
        </Link>
        <p className="text-sm break-all text-slate-700">
          {p.sku} · {typeLabel(p.product_type)} · {p.category}
        </p>
        <p className="text-sm text-slate-900">
          <Prices row={p} /> · {stockText(p)} · <StatusText status={p.status} />
        </p>
      </div>
    </>
  );
}

export const PRODUCT_COLUMNS: ResourceColumn[] = [
  { heading: <span className="sr-only">Image</span> },
  { heading: 'Product' },
  { heading: 'Category' },
  { heading: 'Price', alignRight: true },
  { heading: 'Stock', alignRight: true },
  { heading: 'Status' },
];

/** A product's cells in the catalogue's table, one per column of PRODUCT_COLUMNS. */
export function ProductCells({ product: p }: { product: AdminProductRow }) {
  return (
    <>
      <td className="p-2">
        <Thumb row={p} />
      </td>
      <td className="p-2">
        <Link to={`/products/${p.product_id}`} className="font-semibold text-orange-800 underline">
          {p.title}
        </Link>
        <span className="block text-xs text-slate-700">
          {p.sku} · {typeLabel(p.product_type)}
          {p.variations > 0 && ` · ${String(p.variations)} variations`}
        </span>
      </td>
      <td className="p-2">{p.category}</td>
      <td className="p-2 text-right whitespace-nowrap">
        <Prices row={p} />
      </td>
      <td className="p-2 text-right whitespace-nowrap">{stockText(p)}</td>
      <td className="p-2">
        <StatusText status={p.status} />
      </td>
    </>
  );
}

function Prices({ row }: { row: AdminProductRow }) {
  if (row.discountPrice > 0 && row.discountPrice < row.originalPrice) {
    return (
      <>
        <span className="font-semibold">{inr(row.discountPrice)}</span>{' '}
        <s className="text-xs text-slate-700">{inr(row.originalPrice)}</s>
      </>
    );
  }
  return <span className="font-semibold">{inr(row.originalPrice)}</span>;
}

function StatusText({ status }: { status: string }) {
  const tone =
    status === 'Active'
      ? 'bg-green-100 text-green-900'
      : status === 'Archived'
        ? 'bg-slate-200 text-slate-800'
        : 'bg-amber-100 text-amber-900';
  return (
    <span
      className={`inline-block rounded-full px-2 text-xs font-semibold ${tone}`}
      data-testid="product-status"
    >
      {status}
    </span>
  );
}

function Thumb({ row }: { row: AdminProductRow }) {
  return row.image ? (
    <img src={row.image} alt="" className="size-12 shrink-0 rounded object-cover" loading="lazy" />
  ) : (
    <span className="size-12 shrink-0 rounded bg-slate-100" aria-hidden="true" />
  );
}
