import type { Product } from '@shop/contracts';
import {
  formatInr,
  hasDiscount,
  minVariationPricePaise,
  percentOff,
  rupeesToPaise,
} from '@shop/domain';

function displayPrice(p: Product): { pricePaise: number; originalPaise: number | null } {
  if (p.product_type === 'Variable Product') {
    const min = minVariationPricePaise(
      p.variation.map((v) => ({
        pricePaise: rupeesToPaise(v.price),
        salePricePaise: rupeesToPaise(v.salePrice),
      })),
    );
    if (min !== null) return { pricePaise: min, originalPaise: null };
  }
  const original = rupeesToPaise(p.originalPrice);
  const sale = rupeesToPaise(p.discountPrice);
  return hasDiscount(original, sale)
    ? { pricePaise: sale, originalPaise: original }
    : { pricePaise: original, originalPaise: null };
}

export function ProductCard({ product }: { product: Product }) {
  const { pricePaise, originalPaise } = displayPrice(product);
  const off = originalPaise === null ? null : percentOff(originalPaise, pricePaise);
  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <img
        src={product.image}
        alt={product.title}
        width={600}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-square w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="line-clamp-2 text-sm font-semibold text-slate-900">{product.title}</h2>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2">
          <span className="text-base font-bold text-slate-900">{formatInr(pricePaise)}</span>
          {originalPaise !== null && (
            <s className="text-sm text-slate-600">{formatInr(originalPaise)}</s>
          )}
          {off !== null && (
            <span className="rounded bg-orange-100 px-1.5 text-xs font-semibold text-orange-800">
              {off}% OFF
            </span>
          )}
        </p>
      </div>
    </li>
  );
}
