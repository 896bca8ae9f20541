import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '@shop/contracts';
import { CART_MODE_LABELS, cardButtons, estimatedDeliveryRange, type CartMode } from '@shop/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { displayPrice } from '../../../lib/product-price.ts';
import { purchaseActions, usePurchase } from '../../../lib/purchase.ts';
import { useCartButtons } from '../../../lib/store-queries.ts';
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
  const { actions, modals } = useCardModals(mode, quantity);
  const purchase = usePurchase();
  const navigate = useNavigate();
  const { data: storeButtons } = useCartButtons();
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
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              labelledBy="qty-label"
              testId="quantity"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {buttons.kind === 'package' && (
              <Button onClick={() => actions.onPackage?.(product)}>Package</Button>
            )}
            {buttons.kind === 'select' && (
              <Button onClick={() => actions.onSelect?.(product)}>Select</Button>
            )}
            {buttons.kind === 'out-of-stock' && <Button disabled>Out of Stock</Button>}
            {buttons.kind === 'mode' && buttons.mode === 'getquote' && (
              <Button
                onClick={() =>
                  // The quote is asked on the cart page, for what the cart holds.
                  void purchase
                    .addToCart({ product, quantity })
                    .then((r) => r !== 'failed' && navigate('/cart'))
                }
              >
                {CART_MODE_LABELS.getquote}
              </Button>
            )}
            {buttons.kind === 'mode' &&
              purchaseActions(buttons.mode, storeButtons)
                .filter(() => buttons.mode !== 'getquote')
                .map((action, i) => (
                  <Button
                    key={action}
                    variant={i === 0 ? 'primary' : 'secondary'}
                    onClick={() =>
                      action === 'buynow'
                        ? purchase.buyNow({ product, quantity })
                        : void purchase.addToCart({ product, quantity })
                    }
                  >
                    {CART_MODE_LABELS[action]}
                  </Button>
                ))}
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
