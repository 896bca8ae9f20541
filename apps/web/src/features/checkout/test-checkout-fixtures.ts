import type { Address, Order, PaymentSummary, PricedLine } from '@shop/contracts';
import { testOrderBase } from '../../test-order-fixtures.ts';

/** A line as the server prices it, for unit tests. */
export function pricedLine(sku: string, over: Partial<PricedLine> = {}): PricedLine {
  return {
    product_id: '00000000-0000-4000-8000-000000000001',
    product_sku: sku,
    product_name: `Tee ${sku}`,
    product_image: '/api/uploads/tee.svg',
    variation_attributes: {},
    quantity: 1,
    product_price: 799,
    product_saleprice: 649,
    line_total: 649,
    discount: 0,
    hsn_code: '6109',
    gst_rate: 5,
    taxable_value: 618.1,
    tax: 30.9,
    course: false,
    ...over,
  };
}

/** The server's summary, for unit tests: one line, ₹649 + ₹50 delivery. */
export function testSummary(over: Partial<PaymentSummary> = {}): PaymentSummary {
  return {
    isError: false,
    orderable: true,
    lines: [pricedLine('A')],
    amountbeforediscount: 799,
    discountprice: 0,
    couponapplied: false,
    coupon_code: '',
    amountafterdiscount: 649,
    deliveryCharge: 50,
    distance: 8,
    free_delivery: false,
    tax: {
      taxable_value: 665.71,
      cgst: 16.64,
      sgst: 16.65,
      igst: 0,
      total_tax: 33.29,
      supply: 'intra-state',
      shipping_state: 'Maharashtra',
    },
    totalAmountbeforePay: 699,
    payment_mode: 'Pay now',
    delivery_percentage: 20,
    advance: 699,
    remaining_amount: 0,
    ...over,
  };
}

export function testAddress(id: string, over: Partial<Address> = {}): Address {
  return {
    id,
    location_user: 'Home',
    new_address: '12 Hill Road',
    city: 'Mumbai',
    area: 'Bandra West',
    pincode: '400050',
    latitude: 19.05,
    longitude: 72.83,
    defaultaddressS: true,
    defaultaddressB: true,
    user_id: 'u1',
    user_name: 'Asha Rao',
    ...over,
  };
}

export function testOrder(over: Partial<Order> = {}): Order {
  const summary = testSummary();
  return testOrderBase({
    cart_products: summary.lines.map((l) => ({ ...l, delivery_days: l.course ? null : 5 })),
    amountbeforediscount: 799,
    amountafterdiscount: 649,
    totalAmountbeforePay: 699,
    advance: 699,
    tax: summary.tax,
    ...over,
  });
}
