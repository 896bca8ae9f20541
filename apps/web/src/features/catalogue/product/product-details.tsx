import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Product } from '@shop/contracts';
import {
  cardButtons,
  estimatedDeliveryRange,
  isCourse,
  stockLevelText,
  type CartMode,
} from '@shop/domain';
import { useStickyBarShown } from '../../../components/checkout/sticky-total-bar.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { formatDateRange } from '../../../lib/format.ts';
import { displayPrice, variationDisplayPrice } from '../../../lib/product-price.ts';
import { usePurchase, type PurchaseAction } from '../../../lib/purchase.ts';
import { useCartButtons } from '../../../lib/store-queries.ts';
import { useCardModals } from '../components/card-actions.tsx';
import { BuyButtons } from './buy-buttons.tsx';
import { Gallery } from './gallery.tsx';
import { PincodeCheck } from './pincode-check.tsx';
import { ProductTabs } from './product-tabs.tsx';
import { SizeChartLink } from './size-chart.tsx';
import { useVariantChoice } from './use-variant-choice.ts';
import { VariantPicker } from './variant-picker.tsx';

const PICKER_ID = 'variant';

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
  const barShown = useStickyBarShown();
  // A Variable product whose variations name their attributes gets the chip picker; the
  // chooser (Select) stays for one whose variations name none.
  const choice = useVariantChoice(product, PICKER_ID);
  const { groups, chosen, pictured, unchosen, prompt } = choice;
  const picking = groups.length > 0;
  const productImages = [product.image, ...product.gallery];
  const images = [
    ...new Set([pictured?.imageUrl ?? '', ...(pictured?.galleryImages ?? []), ...productImages]),
  ].filter(Boolean);
  const range = estimatedDeliveryRange([product.delivery_days], new Date());
  const cardKind = cardButtons(product, mode ?? null);
  // A course is not delivered and is bought once, and a product out of stock altogether (not
  // one sold-out variation, so choosing among them does not move the page) cannot be bought:
  // neither shows a quantity, a delivery estimate or a pincode check.
  const delivered = !isCourse(product) && cardKind.kind !== 'out-of-stock';
  // A Variable product is bought as a simple one is: before a size is chosen its buttons ask for
  // one ("Select a size"); a sold-out choice shows a disabled Out of Stock.
  const buttons =
    picking && cardKind.kind === 'select'
      ? unchosen.length > 0 || (chosen && chosen.stock > 0)
        ? ({ kind: 'mode', mode: mode ?? null, showView: false } as const)
        : ({ kind: 'out-of-stock' } as const)
      : cardKind;
  const sku = chosen?.sku;

  // A product without chips (Simple, or variations naming no attributes) has nothing to choose.
  const whenChosen = (go: () => void) => (picking ? choice.whenChosen(go) : go());
  const onPurchase = (action: PurchaseAction) =>
    whenChosen(() =>
      action === 'buynow'
        ? purchase.buyNow({ product, sku, quantity })
        : void purchase.addToCart({ product, sku, quantity }),
    );
  const onQuote = () =>
    whenChosen(
      () =>
        // The quote is asked on the cart page, for what the cart holds.
        void purchase
          .addToCart({ product, sku, quantity })
          .then((r) => r !== 'failed' && navigate('/cart')),
    );
  const buyButtons = (wide: boolean) => (
    <BuyButtons
      product={product}
      buttons={buttons}
      storeButtons={storeButtons}
      actions={actions}
      onPurchase={onPurchase}
      onQuote={onQuote}
      wide={wide}
    />
  );
  const promptLine = (
    <p
      className="text-sm font-semibold text-red-800"
      data-testid="select-prompt"
      role="alert"
      aria-live="assertive"
    >
      {prompt}
    </p>
  );

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
                id={PICKER_ID}
                variations={product.variation}
                groups={groups}
                selection={choice.selection}
                onChoose={choice.choose}
                missing={prompt ? unchosen[0] : undefined}
                besideSize={<SizeChartLink chart={product.size_chart} title={product.title} />}
              />
              <p className="min-h-5 text-sm" data-testid="variant-stock" aria-live="polite">
                {chosen ? (
                  <>
                    <span
                      className={
                        chosen.stock > 0
                          ? 'font-semibold text-green-800'
                          : 'font-semibold text-red-800'
                      }
                    >
                      {stockLevelText(chosen.stock)}
                    </span>
                    <span className="text-slate-700"> · SKU {chosen.sku}</span>
                  </>
                ) : unchosen.length === 0 ? (
                  'This combination is not available'
                ) : null}
              </p>
            </>
          )}
          {!picking && product.size_chart && (
            <div>
              <SizeChartLink chart={product.size_chart} title={product.title} />
            </div>
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
          {!barShown && (
            <div className="flex flex-wrap items-center gap-2">
              {buyButtons(false)}
              {prompt && promptLine}
            </div>
          )}
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
      {barShown && (
        // The phone's buy bar: kept above the bottom navigation and the gesture bar (the
        // sticky total bar's own placement and page padding, index.css), in a thumb's reach.
        <div
          data-sticky-total-bar
          data-testid="buy-bar"
          role="region"
          aria-label="Buy"
          className="sticky-total-bar fixed inset-x-0 z-30 border-t border-slate-200 bg-white pt-2 pb-2 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] md:hidden"
        >
          {prompt && <div className="pb-1 text-center">{promptLine}</div>}
          <div className="mx-auto flex max-w-3xl gap-2">{buyButtons(true)}</div>
        </div>
      )}
      {modals}
    </article>
  );
}
