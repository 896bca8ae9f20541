import type { Order, OrderLine } from '@shop/contracts';
import { testOrderBase } from '../../test-order-fixtures.ts';

export function testLine(over: Partial<OrderLine> = {}): OrderLine {
  return {
    product_id: 'p1',
    product_sku: 'SKATE-1',
    product_name: 'Inline skates',
    product_image: '',
    variation_attributes: {},
    quantity: 2,
    product_price: 1500,
    product_saleprice: 1200,
    line_total: 2400,
    discount: 0,
    hsn_code: '9506',
    gst_rate: 12,
    taxable_value: 2142.86,
    tax: 257.14,
    course: false,
    delivery_days: 3,
    ...over,
  };
}

/** A paid order placed 23 Nov 2026, 18:35 IST: 2 × ₹1,200 + ₹50 delivery. */
export function testOrder(over: Partial<Order> = {}): Order {
  return testOrderBase({
    cart_products: [testLine()],
    amountbeforediscount: 3000,
    amountafterdiscount: 2400,
    totalAmountbeforePay: 2450,
    advance: 2450,
    tax: {
      taxable_value: 2187.5,
      cgst: 131.25,
      sgst: 131.25,
      igst: 0,
      total_tax: 262.5,
      supply: 'intra-state',
      shipping_state: 'Maharashtra',
    },
    ...over,
  });
}
