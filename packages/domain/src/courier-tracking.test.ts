import { describe, expect, it } from 'vitest';
import { courierTrackingLink } from './courier-tracking.ts';
import { OWN_DELIVERY_COURIER } from './shipping-details.ts';

describe('courierTrackingLink', () => {
  it.each([
    ['Delhivery', 'https://www.delhivery.com/track/package/1234567890'],
    ['  delhivery surface ', 'https://www.delhivery.com/track/package/1234567890'],
    [
      'Blue Dart',
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=1234567890',
    ],
    [
      'BLUEDART',
      'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=1234567890',
    ],
    ['Ekart Logistics', 'https://ekartlogistics.com/shipmenttrack/1234567890'],
    ['XpressBees', 'https://www.xpressbees.com/shipment/tracking?awbNo=1234567890'],
    ['Ecom Express', 'https://ecomexpress.in/tracking/?awb_field=1234567890'],
    ['Shiprocket', 'https://shiprocket.co/tracking/1234567890'],
  ])('links %s to its tracking page', (courier, url) => {
    expect(courierTrackingLink(courier, '1234567890')?.url).toBe(url);
  });

  it('names the courier by its own spelling, whatever the shop typed', () => {
    expect(courierTrackingLink('blue-dart express', 'BD1')).toEqual({
      courier: 'Blue Dart',
      url: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo=BD1',
    });
  });

  it('encodes the number (a tracking number may hold spaces and /)', () => {
    expect(courierTrackingLink('Delhivery', ' AB 12/3 ')?.url).toBe(
      'https://www.delhivery.com/track/package/AB%2012%2F3',
    );
  });

  it('is null for an unknown courier, the shop delivering itself, or no number', () => {
    expect(courierTrackingLink('Speedy Local Couriers', '123')).toBeNull();
    expect(courierTrackingLink(OWN_DELIVERY_COURIER, '')).toBeNull();
    expect(courierTrackingLink('Delhivery', '  ')).toBeNull();
    expect(courierTrackingLink('Delhivery', null)).toBeNull();
    expect(courierTrackingLink(null, '123')).toBeNull();
  });
});
