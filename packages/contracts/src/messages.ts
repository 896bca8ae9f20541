/**
 * Messages the API answers and the storefront shows or reads, written once. The web never
 * branches on a message's text: it reads the status (409 duplicate, …) and shows these.
 * The storefront imports them from `@shop/contracts/messages` (the index brings zod along).
 */
export const CART_MESSAGES = {
  added: 'Added to cart',
  duplicate: 'Product already in cart',
  notFound: 'Product not found',
  notInCart: 'Product not in cart',
  outOfStock: 'This product is out of stock.',
  chooseVariation: 'Please choose a variation of this product.',
  wrongStore: 'main_id must be the store of your account.',
} as const;

/** "Only N left in stock." — a quantity above the stock. */
export const onlyLeftInStock = (stock: number) => `Only ${stock} left in stock.`;

export const QUOTE_MESSAGES = {
  sent: 'Request sent. Our team will contact you shortly.',
} as const;

/**
 * How the API answers a sku already in the cart: status 409 naming the field product_sku. (An
 * out-of-stock product is also a 409, naming quantity.) Clients read these, never the text.
 */
export const DUPLICATE_CART_LINE = { status: 409, field: 'product_sku' } as const;

/**
 * The hidden field of every public form (contact, enquiry, admission). People never see it (off
 * screen, not focusable); a bot that fills every box does. A filled one is answered like a
 * success and nothing is kept or sent (decision "public forms").
 */
export const HONEYPOT_FIELD = 'website';
