import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '@shop/contracts';
import {
  CART_MODE_LABELS,
  cardButtons,
  chooseVariant,
  chosenVariation,
  estimatedDeliveryRange,
  initialVariantSelection,
  isCourse,
  isVariableProduct,
  variantAttributes,
  type CartMode,
} from '@shop/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { displayPrice, variationDisplayPrice } from '../../../lib/product-price.ts';
import { purchaseActions, usePurchase } from '../../../lib/purchase.ts';
import { useCartButtons } from '../../../lib/store-queries.ts';
import { useCardModals } from '../components/card-actions.tsx';
import { Gallery } from './gallery.tsx';
import { PincodeCheck } from './pincode-check.tsx';
import { ProductTabs } from './product-tabs.tsx';
import { VariantPicker } from './variant-picker.tsx';

/** "In stock", "Only 3 left" or "Out of stock" for the chosen variation. */
function stockText(stock: number): string {
  if (stock <= 0) return 'Out of stock';
  return stock <= 5 ? `Only ${stock} left` : 'In stock';
}

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
  // A Variable product whose variations name their attributes gets the chip picker; the
  // chooser (Select) stays for one whose variations name none.
  const groups = useMemo(
    () =>
      isVariableProduct(product) ? variantAttributes(product.variation, product.attribute) : [],
    [product],
  );
  const picking = groups.length > 0;
  const [selection, setSelection] = useState(() =>
    initialVariantSelection(product.variation, groups),
  );
  const chosen = picking ? chosenVariation(product.variation, groups, selection) : undefined;
  const productImages = [product.image, ...product.gallery];
  const images = [
    ...new Set([chosen?.imageUrl ?? '', ...(chosen?.galleryImages ?? []), ...productImages]),
  ].filter(Boolean);
  const range = estimatedDeliveryRange([product.delivery_days], new Date());
  const cardKind = cardButtons(product, mode ?? null);
  // A course is not delivered and is bought once, and a product out of stock altogether (not
  // one sold-out variation, so choosing among them does not move the page) cannot be bought:
  // neither shows a quantity, a delivery estimate or a pincode check.
  const delivered = !isCourse(product) && cardKind.kind !== 'out-of-stock';
  // With a variation chosen the page buys it as a simple product is bought; none chosen (or
  // none in stock) shows a disabled Out of Stock.
  const buttons =
    picking && cardKind.kind === 'select'
      ? chosen && chosen.stock > 0
        ? ({ kind: 'mode', mode: mode ?? null, showView: false } as const)
        : ({ kind: 'out-of-stock' } as const)
      : cardKind;
  const sku = chosen?.sku;

  return (
    <article className="mx-auto max-w-6xl px-4 py-6">
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <Gallery key={images[0]} images={images} title={product.title} />
        <div className="flex min-w-0 flex-col gap-4">
          <h1 className="text-2xl font-bold sm:text-3xl">{product.title}</h1>
          <div data-testid="product-price">
            <Price
              size="lg"
              {...(chosen ? variationDisplayPrice(chosen) : displayPrice(product))}
            />
          </div>
          <p className="text-slate-700">{product.short_description}</p>
          {picking && (
            <>
              <VariantPicker
                variations={product.variation}
                groups={groups}
                selection={selection}
                onChoose={(name, value) =>
                  setSelection((s) => chooseVariant(product.variation, groups, s, name, value))
                }
              />
              <p className="text-sm" data-testid="variant-stock" aria-live="polite">
                {chosen ? (
                  <>
                    <span
                      className={
                        chosen.stock > 0
                          ? 'font-semibold text-green-800'
                          : 'font-semibold text-red-800'
                      }
                    >
                      {stockText(chosen.stock)}
                    </span>
                    <span className="text-slate-700"> · SKU {chosen.sku}</span>
                  </>
                ) : (
                  'This combination is not available'
                )}
              </p>
            </>
          )}
          {delivered && (
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
          )}
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
                    .addToCart({ product, sku, quantity })
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
                        ? purchase.buyNow({ product, sku, quantity })
                        : void purchase.addToCart({ product, sku, quantity })
                    }
                  >
                    {CART_MODE_LABELS[action]}
                  </Button>
                ))}
          </div>
          {delivered && (
            <>
              <p className="text-sm text-slate-800" data-testid="delivery-estimate">
                {range
                  ? `Estimated delivery: ${formatDateRange(range.from, range.to)}`
                  : 'Delivery estimate not available'}
              </p>
              <PincodeCheck />
            </>
          )}
        </div>
      </div>
      <ProductTabs product={product} />
      {modals}
    </article>
  );
}
