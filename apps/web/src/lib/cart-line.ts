import type { AccountUser, CartLine, Product } from '@shop/contracts';
import { isCourse } from '@shop/domain';
import { STORE_ID } from './api-client.ts';

const VARIABLE = 'variable product';

export function isVariable(product: { product_type: string }): boolean {
  return product.product_type.trim().toLowerCase() === VARIABLE;
}

/** The variation a sku names, or undefined (simple and grouped products, unknown skus). */
export function variationOf(product: Product, sku: string | undefined) {
  return sku ? product.variation.find((v) => v.sku === sku) : undefined;
}

/** What the catalogue says now about the line's product (or variation): the refreshed fields. */
function catalogueFields(product: Product, sku: string | undefined) {
  const v = variationOf(product, sku);
  const stock = v ? v.stock : product.totalStock;
  return {
    product_name: product.title,
    product_price: v ? v.price : product.originalPrice,
    product_saleprice: v ? v.salePrice : product.discountPrice,
    product_stockstatus: stock > 0 ? ('In Stock' as const) : ('Out of Stock' as const),
    product_status: product.status || 'Active',
    product_image: v?.imageUrl || product.image,
    product_gallery: v && v.galleryImages.length > 0 ? v.galleryImages : product.gallery,
    stock: Math.max(0, stock),
  };
}

/**
 * A cart line (catalogue-and-cart §3) for a product, or for one of its variations when `sku`
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
    typeofsimple: Object.values(attributes).join(' / '),
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
  const fresh = catalogueFields(product, isVariable(product) ? line.product_sku : undefined);
  return { ...line, ...fresh, quantity: line.quantity };
}
