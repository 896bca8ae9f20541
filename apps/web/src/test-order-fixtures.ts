import type { Order } from '@shop/contracts';

/** The address an order test ships and bills to. */
export const testOrderAddress = {
  id: 'a1',
  location_user: 'Home',
  new_address: '12 Hill Road',
  city: 'Mumbai',
  area: 'Bandra West',
  pincode: '400050',
  latitude: 19.05,
  longitude: 72.83,
  user_name: 'Asha Rao',
};

/**
 * An order for unit tests: a paid Pay now order placed 23 Nov 2026, 18:35 IST, with ₹50
 * delivery. Each feature's fixture sets its own lines, amounts and tax over it.
 */
export function testOrderBase(over: Partial<Order> = {}): Order {
  return {
    order_id: 'o1',
    receipt_id: 'rcpt_mwwqw5839032e80bcf',
    order_number: 'UR-10123',
    awaiting_payment: false,
    payment_not_received: false,
    createdAt: '2026-11-23T13:05:00.000Z',
    cart_products: [],
    amountbeforediscount: 0,
    amountafterdiscount: 0,
    totalAmountbeforePay: 50,
    remaining_amount: 0,
    advance: 50,
    advance_paid: true,
    deliveryCharge: 50,
    discountprice: 0,
    distance: 8,
    payment_mode: 'Pay now',
    status: 'Success',
    couponapplied: false,
    coupon_code: '',
    orderStatus: 'Pending',
    delivered: false,
    processing_date: null,
    shipped_date: null,
    out_deliverydate: null,
    delivery_date: null,
    courier: '',
    tracking_number: '',
    collected: 0,
    collected_at: null,
    fully_paid: true,
    user_name: 'Asha Rao',
    user_gstNo: '',
    mobile: '9876543210',
    customer_note: '',
    billing_address: testOrderAddress,
    shipping_address: testOrderAddress,
    tax: {
      taxable_value: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
      total_tax: 0,
      supply: 'intra-state',
      shipping_state: 'Maharashtra',
    },
    seller_gstin: '27AAPFU0939F1ZV',
    razorpay_order_id: 'order_ABC',
    utr: null,
    replaced_orders: [],
    version: 1,
    timeline: [],
    refunds: [],
    invoice: null,
    credit_note: null,
    ...over,
  };
}
