/**
 * The cart's delivery estimate, worked out by the page that shows the cart (it knows
 * the shopper's addresses and the store's bands) from the server's summary or the domain's
 * lowestDeliveryCharge: never a figure of its own.
 */
export type CartDelivery =
  /** Nothing to deliver (courses only, or an empty cart). */
  | { status: 'none' }
  /**
   * Being worked out: `pincode` when it is the charge to the default shipping address (the rows
   * it fills are drawn at once), `addressesPending` while the shopper's addresses are read (what
   * rows there will be is not known yet, so the cart waits for them).
   */
  | { status: 'loading'; pincode?: string; addressesPending?: boolean }
  /** No address yet (a guest, or none chosen): the least any address pays. */
  | { status: 'from'; fromPaise: number }
  /** The server's summary for the default shipping address. */
  | { status: 'to-address'; chargePaise: number; totalPaise: number; pincode: string }
  | { status: 'unavailable'; reason: string };
