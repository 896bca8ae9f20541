/** Which figures a cart line shows and is priced by (catalogue-and-cart §3, §4). */

const VARIABLE_PRODUCT = 'variable product';

/** product_type Variable Product, compared trimmed and case-insensitively. */
export function isVariableProduct(product: { product_type: string }): boolean {
  return product.product_type.trim().toLowerCase() === VARIABLE_PRODUCT;
}

/** Price, sale price (any one unit: paise or rupees), stock and pictures of a product or variation. */
export interface LineFigures {
  price: number;
  salePrice: number;
  stock: number;
  image: string;
  gallery: readonly string[];
}

/**
 * A line of a variation takes the variation's price, sale price and stock, and its image and
 * gallery when it has them (else the product's); a line without a variation takes the product's.
 */
export function lineFigures(product: LineFigures, variation?: LineFigures | null): LineFigures {
  if (!variation) return product;
  return {
    price: variation.price,
    salePrice: variation.salePrice,
    stock: variation.stock,
    image: variation.image || product.image,
    gallery: variation.gallery.length > 0 ? variation.gallery : product.gallery,
  };
}

/** The variation a line names, as the cart shows it ("M / Red"); empty for simple products. */
export function variationLabel(attributes: Readonly<Record<string, string>>): string {
  return Object.values(attributes).join(' / ');
}

/** The catalogue status of a product that can be bought. */
export const ACTIVE_STATUS = 'Active';

/**
 * A cart line is in stock when its product is active and the line's figures (variation else
 * product) have stock (catalogue-and-cart §3). The server cart and the browser's cart lines
 * both follow this rule.
 */
export function isLineInStock(line: { productStatus: string; stock: number }): boolean {
  return line.productStatus === ACTIVE_STATUS && line.stock > 0;
}
