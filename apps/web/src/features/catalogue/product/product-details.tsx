import { useState } from 'react';
import type { Product } from '@shop/contracts';
import { CART_MODE_LABELS, cardButtons, estimatedDeliveryRange, type CartMode } from '@shop/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { displayPrice } from '../../../lib/product-price.ts';
import { useCardModals } from '../components/card-actions.tsx';
import { Gallery } from './gallery.tsx';
import { PincodeCheck } from './pincode-check.tsx';
import { ProductTabs } from './product-tabs.tsx';

export function ProductDetails({
  product,
  mode,
}: {
  product: Product;
  mode: CartMode | undefined;
}) {
  const [quantity, setQuantity] = useState(1);
  const { actions, modals } = useCardModals(mode);
  const images = [product.image, ...product.gallery.filter((g) => g !== product.image)].filter(
    Boolean,
  );
  const range = estimatedDeliveryRange([product.delivery_days], new Date());
  const buttons = cardButtons(product, mode ?? null);

  return (
    <article className="mx-auto max-w-6xl px-4 py-6">
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Gallery images={images} title={product.title} />
        <div className="flex flex-col gap-4">
          <h1 className="text-2xl font-bold sm:text-3xl">{product.title}</h1>
          <Price size="lg" {...displayPrice(product)} />
          <p className="text-slate-700">{product.short_description}</p>
          <div className="flex items-center gap-2">
            <span className="text-sm font-semibold" id="qty-label">
              Quantity
            </span>
            <div
              className="flex items-center rounded-lg ring-1 ring-slate-300"
              role="group"
              aria-labelledby="qty-label"
            >
              <button
                type="button"
                className="size-10 text-lg"
                aria-label="Decrease quantity"
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              >
                −
              </button>
              <output
                aria-live="polite"
                className="w-10 text-center font-semibold"
                data-testid="quantity"
              >
                {quantity}
              </output>
              <button
                type="button"
                className="size-10 text-lg"
                aria-label="Increase quantity"
                onClick={() => setQuantity((q) => q + 1)}
              >
                +
              </button>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {buttons.kind === 'package' && (
              <Button onClick={() => actions.onPackage?.(product)}>Package</Button>
            )}
            {buttons.kind === 'select' && (
              <Button onClick={() => actions.onSelect?.(product)}>Select</Button>
            )}
            {buttons.kind === 'out-of-stock' && <Button disabled>Out of Stock</Button>}
            {buttons.kind === 'mode' && buttons.mode && (
              <Button>{CART_MODE_LABELS[buttons.mode]}</Button>
            )}
          </div>
          <p className="text-sm text-slate-800" data-testid="delivery-estimate">
            {range
              ? `Estimated delivery: ${formatDateRange(range.from, range.to)}`
              : 'Delivery estimate not available'}
          </p>
          <PincodeCheck />
        </div>
      </div>
      <ProductTabs product={product} />
      {modals}
    </article>
  );
}
