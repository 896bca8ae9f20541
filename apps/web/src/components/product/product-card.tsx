import { Link } from 'react-router';
import type { Product } from '@shop/contracts';
import {
  CART_MODE_LABELS,
  cardButtons,
  productPath,
  type CardButtons,
  type CartButtonId,
  type CartMode,
} from '@shop/domain';
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

/**
 * A compact product card (issue 59 item 6: at most ~280 px tall on a 360 px phone, two to a
 * row): the image, the name on two lines, the price and ONE primary action. The whole card is the
 * link to the product page (the name's link, stretched over the card), so the spec's separate
 * View and View Details buttons are not drawn: the action is the one cardButtons' row names
 * besides them (Package, Select, Out of Stock, the default mode's button; View itself only in a
 * shop without a default mode, where it is the only action). docs/spec-deviations.md.
 */
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
  const action = primaryCardAction(cardButtons(product, mode ?? null));
  // Above the stretched link, so a press on the action is the action's.
  const raised = 'relative z-10 w-full whitespace-nowrap';

  return (
    <li
      className={`relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 has-[a[data-card-link]:focus-visible]:ring-2 has-[a[data-card-link]:focus-visible]:ring-orange-700 ${
        inRow ? 'w-[calc(50vw-1.5rem)] max-w-[240px] shrink-0' : ''
      }`}
    >
      {/*
        A 5:4 frame showing the middle of the square image (or of the 250 px skeleton of one that
        failed), no taller than 8rem on a phone: the card keeps its height on a wider phone.
      */}
      <div className="grid aspect-[5/4] w-full place-items-center overflow-hidden bg-slate-100 max-sm:max-h-32">
        <ProductImage src={product.image} alt="" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2">
        <Heading className="text-sm leading-5 font-semibold text-slate-900">
          <Link
            to={href}
            data-card-link
            className="line-clamp-2 min-h-tap outline-none after:absolute after:inset-0 hover:underline"
          >
            {product.title}
          </Link>
        </Heading>
        <Price {...price} />
        <div className="mt-auto">
          {action === 'package' && (
            <Button className={raised} onClick={() => onPackage?.(product)}>
              Package
            </Button>
          )}
          {action === 'select' && (
            <Button className={raised} onClick={() => onSelect?.(product)}>
              Select
            </Button>
          )}
          {action === 'out-of-stock' && (
            <Button className={raised} disabled>
              Out of Stock
            </Button>
          )}
          {action === 'getquote' && (
            <Link to={href} className={buttonClass('primary', raised)}>
              {CART_MODE_LABELS.getquote}
            </Link>
          )}
          {(action === 'addtocart' || action === 'buynow') && (
            <Button className={raised} onClick={() => onPurchase?.(product, action)}>
              {CART_MODE_LABELS[action]}
            </Button>
          )}
          {action === 'view' && (
            <Link
              to={href}
              className={buttonClass('secondary', raised)}
              aria-label={`View ${product.title}`}
            >
              View
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

/** The one action a card shows for cardButtons' answer (the card itself is the View link). */
export type PrimaryCardAction = 'package' | 'select' | 'out-of-stock' | CartButtonId | 'view';

export function primaryCardAction(buttons: CardButtons): PrimaryCardAction {
  if (buttons.kind !== 'mode') return buttons.kind;
  return buttons.mode ?? 'view';
}
