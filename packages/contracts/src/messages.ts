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

/** Tax invoices and credit notes (GET /payment/order/{id}/invoice). */
export const INVOICE_MESSAGES = {
  invoiceNotIssued:
    'The invoice for this order is not issued yet. It is issued when the order is shipped.',
  creditNoteNotIssued: 'No credit note has been issued for this order.',
  downloadFailed: 'The invoice could not be downloaded. Please try again.',
} as const;

/** My account → Orders and /track/{order_id} (accounts-checkout-payments §8, issue 12). */
export const ORDER_MESSAGES = {
  noOrders: 'You have no orders yet.',
  ordersFailed: 'Your orders could not be loaded.',
  orderFailed: 'This order could not be loaded.',
  noEstimate: 'Delivery estimate not available',
  noProducts: 'No products found in this order.',
  buyAgainNothing: 'None of these products can be added to your cart now.',
} as const;

/** Buy again: why a line of a past order was not put back in the cart. */
export const buyAgainSkipped = (name: string, reason: string) => `${name} was not added: ${reason}`;
