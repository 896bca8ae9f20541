/**
 * The couriers whose public tracking page can be opened with a tracking number (issue 59 item 7).
 * The shop types the courier's name freely when shipping (decision 0042), so a name is matched by
 * its letters alone ("Blue Dart", "bluedart", "BlueDart Express" are one courier). A courier not
 * listed here gets no link: the shopper still sees and can copy the number.
 */
const COURIERS: readonly { name: string; match: RegExp; url: (n: string) => string }[] = [
  {
    name: 'Delhivery',
    match: /^delhivery/,
    url: (n) => `https://www.delhivery.com/track/package/${n}`,
  },
  {
    name: 'Blue Dart',
    match: /^bluedart/,
    url: (n) => `https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=${n}`,
  },
  {
    name: 'Ekart',
    match: /^ekart/,
    url: (n) => `https://ekartlogistics.com/shipmenttrack/${n}`,
  },
  {
    name: 'Xpressbees',
    match: /^xpressbees/,
    url: (n) => `https://www.xpressbees.com/shipment/tracking?awbNo=${n}`,
  },
  {
    name: 'Ecom Express',
    match: /^ecomexpress/,
    url: (n) => `https://ecomexpress.in/tracking/?awb_field=${n}`,
  },
  {
    name: 'Shiprocket',
    match: /^shiprocket/,
    url: (n) => `https://shiprocket.co/tracking/${n}`,
  },
];

export interface CourierTrackingLink {
  /** The courier's own name, for "Track with {courier}". */
  courier: string;
  /** Its public tracking page for this number (https). */
  url: string;
}

/**
 * The courier's tracking page for a shipped parcel, or null when the courier is not a known one
 * or there is no tracking number (the shop's own delivery has none).
 */
export function courierTrackingLink(
  courier: string | null | undefined,
  trackingNumber: string | null | undefined,
): CourierTrackingLink | null {
  const number = (trackingNumber ?? '').trim();
  if (!courier || !number) return null;
  const key = courier.toLowerCase().replace(/[^a-z]/g, '');
  const known = COURIERS.find((c) => c.match.test(key));
  return known ? { courier: known.name, url: known.url(encodeURIComponent(number)) } : null;
}
