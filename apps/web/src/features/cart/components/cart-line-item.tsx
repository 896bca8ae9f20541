import { Link } from 'react-router';
import type { CartLine } from '@shop/contracts';
import {
  IMAGE_SIZES,
  hasDiscount,
  percentOff,
  productPath,
  rupeesToPaise,
  variationLabel,
} from '@shop/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Price } from '../../../components/ui/price.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';

interface CartLineItemProps {
  line: CartLine;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
  /**
   * The first line's image is the page's largest paint: loaded at once, not lazily, and before
   * the other images.
   */
  eager?: boolean;
}

/** One cart line: image, name, variation, price, quantity stepper (1 to the stock), Remove. */
export function CartLineItem({ line, onQuantity, onRemove, eager = false }: CartLineItemProps) {
  const price = rupeesToPaise(line.product_price);
  const sale = rupeesToPaise(line.product_saleprice);
  const discounted = hasDiscount(price, sale);
  const variation = line.typeofsimple || variationLabel(line.variation_attributes);
  const max = Math.max(1, line.stock);
  const href = productPath(line.product_name, line.product_id);
  return (
    <li
      data-sku={line.product_sku}
      className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="w-20 shrink-0 sm:w-28">
        <ProductImage
          src={line.product_image}
          alt=""
          sizes={IMAGE_SIZES.cartLine}
          highPriority={eager}
          className="h-auto rounded-lg"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="text-sm font-semibold text-slate-900 sm:text-base">
          <Link to={href} className="tap hover:underline">
            {line.product_name}
          </Link>
        </h2>
        {variation && <p className="text-sm text-slate-700">{variation}</p>}
        <Price
          pricePaise={discounted ? sale : price}
          originalPaise={discounted ? price : null}
          percentOff={discounted ? percentOff(price, sale) : null}
        />
        {line.product_stockstatus === 'Out of Stock' && (
          <p className="text-sm font-semibold text-red-700">Out of Stock</p>
        )}
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <QuantityStepper
            value={line.quantity}
            onChange={onQuantity}
            label={`Quantity of ${line.product_name}`}
            max={max}
          />
          <Button
            variant="ghost"
            className="text-red-700"
            aria-label={`Remove ${line.product_name}`}
            data-remove
            onClick={onRemove}
          >
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
