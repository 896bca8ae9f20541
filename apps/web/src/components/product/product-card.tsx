import { Link } from 'react-router';
import type { Product } from '@shop/contracts';
import { CART_MODE_LABELS, cardButtons, productPath, type CartMode } from '@shop/domain';
import { displayPrice } from '../../lib/product-price.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { Price } from '../ui/price.tsx';
import { ProductImage } from '../ui/product-image.tsx';

export interface ProductCardActions {
  /** Variable products: open the variation chooser. */
  onSelect?: (product: Product) => void;
  /** Grouped products: open the package viewer. */
  onPackage?: (product: Product) => void;
  /** Add to Cart or Buy Now on a simple product (wired by the cart). */
  onPurchase?: (product: Product, mode: 'addtocart' | 'buynow') => void;
}

interface ProductCardProps extends ProductCardActions {
  product: Product;
  /** The store's default purchase mode; undefined while it loads. */
  mode: CartMode | undefined;
  /** Cards in horizontal rows get a fixed width. */
  inRow?: boolean;
  /** 2 in a listing under the page's h1; 3 (default) inside a home-page section. */
  headingLevel?: 2 | 3;
}

export function ProductCard({
  product,
  mode,
  inRow,
  headingLevel = 3,
  onSelect,
  onPackage,
  onPurchase,
}: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = productPath(product.title, product.product_id);
  const price = displayPrice(product);
  const buttons = cardButtons(product, mode ?? null);
  // Each button keeps its label on one line (whitespace-nowrap on the row) and never shrinks
  // below it: one that does not fit beside the other takes a row of its own (2-column cards).
  const fill = 'flex-[1_0_auto]';

  return (
    <li
      className={`relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 ${
        inRow ? 'w-[calc(50vw-1.5rem)] max-w-[240px] shrink-0' : ''
      }`}
    >
      <Link to={href} tabIndex={-1} aria-hidden="true">
        <ProductImage src={product.image} alt="" />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <Heading className="text-sm font-semibold text-slate-900">
          <Link to={href} className="line-clamp-2 min-h-tap hover:underline">
            {product.title}
          </Link>
        </Heading>
        <Price {...price} />
        <div className="mt-auto flex flex-wrap gap-2 whitespace-nowrap">
          {buttons.kind === 'package' && (
            <>
              <Link to={href} className={buttonClass('secondary', fill)}>
                View Details
              </Link>
              <Button className={fill} onClick={() => onPackage?.(product)}>
                Package
              </Button>
            </>
          )}
          {buttons.kind === 'select' && (
            <Button className={fill} onClick={() => onSelect?.(product)}>
              Select
            </Button>
          )}
          {buttons.kind === 'out-of-stock' && (
            <Button className={fill} disabled>
              Out of Stock
            </Button>
          )}
          {buttons.kind === 'mode' && (
            <>
              {buttons.mode === 'getquote' && (
                <Link to={href} className={buttonClass('primary', fill)}>
                  {CART_MODE_LABELS.getquote}
                </Link>
              )}
              {(buttons.mode === 'addtocart' || buttons.mode === 'buynow') && (
                <Button
                  className={fill}
                  onClick={() => onPurchase?.(product, buttons.mode as 'addtocart' | 'buynow')}
                >
                  {CART_MODE_LABELS[buttons.mode]}
                </Button>
              )}
              {buttons.showView && (
                <Link
                  to={href}
                  className={buttonClass('secondary', fill)}
                  aria-label={`View ${product.title}`}
                >
                  View
                </Link>
              )}
            </>
          )}
        </div>
      </div>
    </li>
  );
}
