import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-statuses.ts';
import {
  checkShippingDetails,
  OWN_DELIVERY_COURIER,
  SHIPPING_DETAILS_MESSAGES,
  shippingDetailsEditable,
} from './shipping-details.ts';

describe('shippingDetailsEditable', () => {
  it('is true only while the parcel is with the courier', () => {
    expect(ORDER_STATUSES.filter(shippingDetailsEditable)).toEqual(['Shipped', 'Out for delivery']);
  });
});

describe('checkShippingDetails', () => {
  it('needs both the courier and the tracking number, each named', () => {
    expect(checkShippingDetails({ ownDelivery: false, courier: ' ', trackingNumber: '' })).toEqual({
      ok: false,
      problems: [
        { field: 'courier', message: SHIPPING_DETAILS_MESSAGES.courier },
        { field: 'trackingNumber', message: SHIPPING_DETAILS_MESSAGES.trackingNumber },
      ],
    });
  });

  it('refuses characters a tracking number does not have', () => {
    expect(
      checkShippingDetails({ ownDelivery: false, courier: 'Delhivery', trackingNumber: '<x>' }),
    ).toEqual({
      ok: false,
      problems: [{ field: 'trackingNumber', message: SHIPPING_DETAILS_MESSAGES.trackingChars }],
    });
  });

  it('trims what it sends', () => {
    expect(
      checkShippingDetails({
        ownDelivery: false,
        courier: ' Delhivery ',
        trackingNumber: ' DL-1/2 ',
      }),
    ).toEqual({ ok: true, courier: 'Delhivery', trackingNumber: 'DL-1/2' });
  });

  it('with "delivered by us" sends the shop as the courier and no tracking number', () => {
    expect(checkShippingDetails({ ownDelivery: true, courier: 'x', trackingNumber: '<' })).toEqual({
      ok: true,
      courier: OWN_DELIVERY_COURIER,
      trackingNumber: '',
    });
  });
});
