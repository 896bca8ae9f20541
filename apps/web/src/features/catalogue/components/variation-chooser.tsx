import type { Product } from '@shop/contracts';
import { CART_MODE_LABELS, variantAttributes, variantLabel, type CartMode } from '@shop/domain';
import { purchaseActions, type PurchaseAction } from '../../../lib/purchase.ts';
import { useCartButtons } from '../../../lib/store-queries.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useProduct } from '../api/catalogue-queries.ts';
import { inr } from '../../../lib/format.ts';

interface VariationChooserProps {
  product: Product | null;
  mode: CartMode | undefined;
  onClose: () => void;
  onChoose?: (product: Product, sku: string, action: PurchaseAction) => void;
}

/**
 * "{title} - Choose a Variation": each variation named by its values ("Black / M", colour first,
 * as the product page's picker orders them), then SKU, Price, Sale, Stock, and Add to Cart or Buy
 * Now (the store's default first, the other when the store lists it).
 */
export function VariationChooser({ product, mode, onClose, onChoose }: VariationChooserProps) {
  const { data, isError } = useProduct(product?.product_id ?? null);
  const full = data ?? product;
  const { data: buttons } = useCartButtons();
  const actions = purchaseActions(mode, buttons);
  const groups = full ? variantAttributes(full.variation, full.attribute) : [];
  return (
    <Modal
      title={`${product?.title ?? ''} - Choose a Variation`}
      open={product !== null}
      onClose={onClose}
    >
      {isError && <p role="alert">Could not load the variations. Please try again.</p>}
      <ul className="flex flex-col gap-3" aria-label="Variations">
        {full?.variation.map((v) => {
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
                      onClick={() => full && onChoose?.(full, v.sku, action)}
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
    </Modal>
  );
}
