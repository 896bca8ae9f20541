import type { OrderStatus } from './order-statuses.ts';

/**
 * The courier written for an order the shop delivers itself ("delivered by us" when shipping):
 * the customer reads "Courier: Delivered by the shop" and no tracking number.
 */
export const OWN_DELIVERY_COURIER = 'Delivered by the shop';

/**
 * The statuses in which the courier and tracking number may be changed on their own (without a
 * move): while the parcel is with the courier. Before Shipped there is nothing to track yet (the
 * details go with the move that ships it); after Delivered or Cancelled they are history.
 */
export const SHIPPING_DETAILS_STATUSES = [
  'Shipped',
  'Out for delivery',
] as const satisfies readonly OrderStatus[];

export const SHIPPING_DETAILS_MESSAGES = {
  notNow: (s: OrderStatus) =>
    `The order is ${s}: its courier and tracking number can be changed only while it is Shipped or Out for delivery.`,
  courier: 'Enter the courier, or tick "Delivered by us".',
  trackingNumber: 'Enter the tracking number, or tick "Delivered by us".',
  trackingChars: 'A tracking number has only letters, digits, spaces and - / .',
} as const;

/** Whether an order in this status may have its courier and tracking number changed alone. */
export function shippingDetailsEditable(status: OrderStatus): boolean {
  return (SHIPPING_DETAILS_STATUSES as readonly OrderStatus[]).includes(status);
}

/** The shipping details as the shop types them when shipping or correcting them. */
export interface ShippingDetailsDraft {
  /** The shop delivers it itself: no courier or tracking number to ask for. */
  ownDelivery: boolean;
  courier: string;
  trackingNumber: string;
}

export type ShippingDetailsCheck =
  | { ok: true; courier: string; trackingNumber: string }
  | { ok: false; problems: { field: 'courier' | 'trackingNumber'; message: string }[] };

const TRACKING_CHARS = /^[\w\-/. ]*$/;

/**
 * What is sent for a draft: with "delivered by us", the shop as the courier and no tracking
 * number; otherwise both are needed (trimmed), the tracking number in the characters couriers
 * use. Each problem names its field, to be shown beside it.
 */
export function checkShippingDetails(d: ShippingDetailsDraft): ShippingDetailsCheck {
  if (d.ownDelivery) return { ok: true, courier: OWN_DELIVERY_COURIER, trackingNumber: '' };
  const courier = d.courier.trim();
  const trackingNumber = d.trackingNumber.trim();
  const problems: { field: 'courier' | 'trackingNumber'; message: string }[] = [];
  if (!courier) problems.push({ field: 'courier', message: SHIPPING_DETAILS_MESSAGES.courier });
  if (!trackingNumber) {
    problems.push({ field: 'trackingNumber', message: SHIPPING_DETAILS_MESSAGES.trackingNumber });
  } else if (!TRACKING_CHARS.test(trackingNumber)) {
    problems.push({ field: 'trackingNumber', message: SHIPPING_DETAILS_MESSAGES.trackingChars });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, courier, trackingNumber };
}
