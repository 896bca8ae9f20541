/**
 * The cart's delivery estimate, worked out by the page that shows the cart (it knows
 * the shopper's addresses and the store's bands) from the server's summary or the domain's
 * lowestDeliveryCharge: never a figure of its own.
 */
export type CartDelivery =
  /** Nothing to deliver (courses only, or an empty cart). */
  | { status: 'none' }
  | { status: 'loading' }
  /** No address yet (a guest, or none chosen): the least any address pays. */
  | { status: 'from'; fromPaise: number }
  /** The server's summary for the default shipping address. */
  | { status: 'to-address'; chargePaise: number; totalPaise: number; pincode: string }
  | { status: 'unavailable'; reason: string };
