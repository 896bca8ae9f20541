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

/** My account → Orders and /track/{order_id} (accounts-checkout-payments §8). */
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

/** The admission form's messages (accounts-checkout-payments §5, §8). */
export const ADMISSION_MESSAGES = {
  required: 'This field is required',
  aadharRequired: 'Aadhar number is required',
  aadharLength: 'Aadhar must be exactly 12 digits',
  /** The submit-time toast when the Aadhaar is not 12 digits. */
  aadharToast: 'Aadhar must be exactly 12 digits (numbers only)',
  /** Ours: 12 digits whose check digit is wrong (a mistyped number). */
  aadharInvalid: 'This is not a valid Aadhar number. Please check the digits.',
  rulesRequired: 'You must agree to proceed',
  rulesToast: 'You must agree to the Rules & Regulations.',
  submitted: 'Admission form submitted successfully!',
  failed: 'Submission failed. Please try again.',
  notFound: 'Admission not found',
  coursesOnly: 'Only courses can be paid for with an admission.',
} as const;

/** The form's choices (accounts-checkout-payments §5). */
export const ADMISSION_GENDERS = ['Male', 'Female', 'Other'] as const;
export const ADMISSION_CENTERS = ['Malad (E)', 'Goregoan (W)', 'Malad (W)', 'Andheri'] as const;

/** The academy's rules, shown before paying for a course (accounts-checkout-payments §9). */
export const ACADEMY_RULES = [
  'Fees are paid in advance on or before the 10th of each month.',
  'The late fine is INR 200, and fees are non-refundable.',
  'A guard set, helmet and club bodysuit are mandatory.',
  'There is no parental interference or entry to the skating area.',
  'Parents are responsible for safety, and the academy is not liable.',
] as const;

/**
 * The hidden field of every public form (contact, enquiry, admission). People never see it (off
 * screen, not focusable); a bot that fills every box does. A filled one is answered like a
 * success and nothing is kept or sent (decision "public forms").
 */
export const HONEYPOT_FIELD = 'website';

/** What checkout tells the shopper, written once for API and web. */
export const CHECKOUT_MESSAGES = {
  enterCoupon: 'Please enter a coupon code',
  invalidCoupon: 'Invalid coupon',
  couponExpired: 'This coupon has expired.',
  couponNotStarted: 'This coupon is not active yet.',
  couponUsedUp: 'This coupon has been fully used.',
  couponUsedByYou: 'You have already used this coupon.',
  couponApplied: 'Coupon applied successfully',
  notDeliverable: 'Sorry, we do not deliver to this pincode.',
  cartEmpty: 'Your cart is empty!',
  payModeUnavailable: 'This payment mode is not available for this store.',
  addressNotYours: 'Please choose one of your saved addresses.',
  chooseShipping: 'Please select a shipping address.',
  chooseBilling: 'Please select a billing address.',
  invalidSignature: 'Payment verification failed.',
  /** The shop has no payment gateway keys yet: nothing can be paid online. */
  onlinePaymentsOff:
    'This shop cannot take online payments yet, so Pay now and the advance for pay on delivery are not available.',
} as const;

/** "Add ₹X more to use this coupon." (minimum sale total not reached). */
export const couponMinimumMessage = (moreRupees: number) =>
  `Add ₹${moreRupees.toFixed(2)} more to use this coupon.`;
