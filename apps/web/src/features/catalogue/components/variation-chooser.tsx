import type { Product } from '@shop/contracts';
import {
  CART_MODE_LABELS,
  lowStockLeft,
  variantLabel,
  type CartMode,
  type AttributeGroup,
} from '@shop/domain';
import { purchaseActions, type PurchaseAction } from '../../../lib/purchase.ts';
import { useCartButtons } from '../../../lib/store-queries.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { displayPrice, variationDisplayPrice } from '../../../lib/product-price.ts';
import { useProduct } from '../api/catalogue-queries.ts';
import { inr } from '../../../lib/format.ts';
import { SizeChartLink } from '../product/size-chart.tsx';
import { useVariantChoice } from '../product/use-variant-choice.ts';
import { VariantPicker } from '../product/variant-picker.tsx';

interface VariationChooserProps {
  product: Product | null;
  mode: CartMode | undefined;
  onClose: () => void;
  onChoose?: (product: Product, sku: string, action: PurchaseAction) => void;
}

const PICKER_ID = 'sheet-variant';

/**
 * "{title} - Choose a Variation" as a bottom sheet on a phone: the product page's chips (colour,
 * then size; none guessed), the chosen variation's price, "Only N left" when low, and one Add and
 * one Buy button (the store's default first). The spec's list of every variation with SKU,
 * Price, Sale, Stock and its own buttons stays one tap away, folded under "All variations"
 * (docs/spec-deviations.md).
 */
export function VariationChooser({ product, mode, onClose, onChoose }: VariationChooserProps) {
  const { data, isError } = useProduct(product?.product_id ?? null);
  const full = data ?? product;
  const { data: buttons } = useCartButtons();
  const actions = purchaseActions(mode, buttons);
  return (
    <Modal
      title={`${product?.title ?? ''} - Choose a Variation`}
      open={product !== null}
      onClose={onClose}
      sheet
    >
      {isError && <p role="alert">Could not load the variations. Please try again.</p>}
      {full && (
        <ChooserBody
          // One product's choice; a later full read (with its size chart) keeps the chips chosen.
          key={full.product_id}
          product={full}
          actions={actions}
          onChoose={onChoose}
        />
      )}
    </Modal>
  );
}

function ChooserBody({
  product,
  actions,
  onChoose,
}: {
  product: Product;
  actions: PurchaseAction[];
  onChoose: VariationChooserProps['onChoose'];
}) {
  const choice = useVariantChoice(product, PICKER_ID);
  const { groups, chosen, unchosen, prompt } = choice;
  const picking = groups.length > 0;
  const left = chosen ? lowStockLeft(chosen.stock) : null;
  const run = (action: PurchaseAction) =>
    choice.whenChosen(() => {
      if (chosen) onChoose?.(product, chosen.sku, action);
    });
  return (
    <div className="flex flex-col gap-4">
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
          <div className="flex flex-wrap items-baseline justify-between gap-2" aria-live="polite">
            <Price {...(chosen ? variationDisplayPrice(chosen) : displayPrice(product))} />
            {chosen && chosen.stock <= 0 && (
              <span className="text-sm font-semibold text-red-800">Out of stock</span>
            )}
            {left !== null && (
              <span className="text-sm font-semibold text-orange-900" data-testid="only-left">
                Only {left} left
              </span>
            )}
          </div>
          {prompt && (
            <p className="text-sm font-semibold text-red-800" role="alert">
              {prompt}
            </p>
          )}
          <div className="flex gap-2">
            {chosen && chosen.stock <= 0 ? (
              <Button className="min-h-12 flex-1" disabled>
                Out of Stock
              </Button>
            ) : actions.length === 0 ? (
              <Button className="min-h-12 flex-1" disabled>
                Not available
              </Button>
            ) : (
              actions.map((action, i) => (
                <Button
                  key={action}
                  variant={i === 0 ? 'primary' : 'secondary'}
                  className="min-h-12 flex-1 text-base"
                  onClick={() => run(action)}
                >
                  {CART_MODE_LABELS[action]}
                </Button>
              ))
            )}
          </div>
        </>
      )}
      <AllVariations
        product={product}
        groups={groups}
        actions={actions}
        onChoose={onChoose}
        open={!picking}
      />
    </div>
  );
}

/** The spec's chooser: every variation with SKU, Price, Sale, Stock and its own buttons. */
function AllVariations({
  product,
  groups,
  actions,
  onChoose,
  open,
}: {
  product: Product;
  groups: AttributeGroup[];
  actions: PurchaseAction[];
  onChoose: VariationChooserProps['onChoose'];
  open: boolean;
}) {
  return (
    <details open={open} className="rounded-xl ring-1 ring-slate-200">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-slate-800">
        All variations (SKU, price, stock)
      </summary>
      <ul className="flex flex-col gap-3 p-3 pt-0" aria-label="Variations">
        {product.variation.map((v) => {
          const label = variantLabel(v.attributes, groups);
          return (
            <li key={v.sku} className="rounded-xl p-3 ring-1 ring-slate-200">
              {label && <p className="text-base font-semibold">{label}</p>}
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-700">
                <dt>SKU</dt>
                <dd>{v.sku}</dd>
                {v.price > 0 && (
                  <>
                    <dt>Price</dt>
                    <dd>{inr(v.price)}</dd>
                  </>
                )}
                {v.salePrice > 0 && (
                  <>
                    <dt>Sale</dt>
                    <dd>{inr(v.salePrice)}</dd>
                  </>
                )}
                <dt>Stock</dt>
                <dd>{v.stock > 0 ? v.stock : 'Out of Stock'}</dd>
              </dl>
              {v.stock <= 0 || actions.length === 0 ? (
                <Button className="mt-2 w-full" disabled>
                  {v.stock <= 0 ? 'Out of Stock' : 'Not available'}
                </Button>
              ) : (
                <div className="mt-2 flex gap-2">
                  {actions.map((action, i) => (
                    <Button
                      key={action}
                      variant={i === 0 ? 'primary' : 'secondary'}
                      className="flex-1"
                      aria-label={`${CART_MODE_LABELS[action]}: ${v.sku}`}
                      onClick={() => onChoose?.(product, v.sku, action)}
                    >
                      {CART_MODE_LABELS[action]}
                    </Button>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
