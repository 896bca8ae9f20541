import type { AccountUser, CartLine, Product } from '@shop/contracts';
import { CART_MESSAGES, onlyLeftInStock } from '@shop/contracts/messages';
import {
  ACTIVE_STATUS,
  isCourse,
  isLineInStock,
  isVariableProduct,
  lineFigures,
  variationLabel,
} from '@shop/domain';
import { STORE_ID } from '../../lib/api-client.ts';

/** The variation a sku names, or undefined (simple and grouped products, unknown skus). */
export function variationOf(product: Product, sku: string | undefined) {
  return sku ? product.variation.find((v) => v.sku === sku) : undefined;
}

/** What the catalogue says now about the line's product (or variation): the refreshed fields. */
function catalogueFields(product: Product, sku: string | undefined) {
  const v = variationOf(product, sku);
  const f = lineFigures(
    {
      price: product.originalPrice,
      salePrice: product.discountPrice,
      stock: product.totalStock,
      image: product.image,
      gallery: product.gallery,
    },
    v && {
      price: v.price,
      salePrice: v.salePrice,
      stock: v.stock,
      image: v.imageUrl,
      gallery: v.galleryImages,
    },
  );
  const status = product.status || ACTIVE_STATUS;
  const inStock = isLineInStock({ productStatus: status, stock: f.stock });
  return {
    product_name: product.title,
    product_price: f.price,
    product_saleprice: f.salePrice,
    product_stockstatus: inStock ? ('In Stock' as const) : ('Out of Stock' as const),
    product_status: status,
    product_image: f.image,
    product_gallery: [...f.gallery],
    stock: Math.max(0, f.stock),
  };
}

/**
 * The one builder of the browser's cart lines, by the server's rule (an active product with
 * stock is in stock). A cart line (catalogue-and-cart §3) for a product, or for one of its variations when `sku`
 * names one. Prices here are for display only: the server prices every line itself.
 */
export function cartLineFor(
  product: Product,
  opts: { sku?: string | undefined; quantity?: number; user: AccountUser | null },
): CartLine {
  const v = variationOf(product, opts.sku);
  const attributes = v?.attributes ?? {};
  return {
    product_id: product.product_id,
    product_sku: v?.sku ?? product.sku,
    ...catalogueFields(product, v?.sku),
    description: product.description,
    short_description: product.short_description,
    category: product.category,
    product_type: product.product_type,
    variation_attributes: attributes,
    typeofsimple: variationLabel(attributes),
    user_id: opts.user?.user_id ?? '',
    user_name: opts.user ? opts.user.name || opts.user.full_name : '',
    delivery_days: product.delivery_days,
    main_id: STORE_ID,
    quantity: Math.max(1, Math.floor(opts.quantity ?? 1)),
    course: isCourse(product),
  };
}

/** A stored line brought up to date from the catalogue (name, prices, stock, status, images). */
export function refreshedLine(line: CartLine, product: Product): CartLine {
  const fresh = catalogueFields(product, isVariableProduct(product) ? line.product_sku : undefined);
  return { ...line, ...fresh, quantity: line.quantity };
}

/** A line's stock problem in the server's words, or null when the quantity fits. */
export function lineStockProblem(line: CartLine): string | null {
  if (line.product_stockstatus !== 'In Stock') return CART_MESSAGES.outOfStock;
  if (line.quantity > line.stock) return onlyLeftInStock(line.stock);
  return null;
}
