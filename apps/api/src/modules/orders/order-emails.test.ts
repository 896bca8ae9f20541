import { describe, expect, it } from 'vitest';
import { newOrderNoticeEmail, orderConfirmationEmail } from './order-emails.ts';
import type { OrderLineRow, OrderRow } from './orders-repository.ts';

const address = {
  id: 'a1',
  location_user: 'Home',
  new_address: '12 Carter Road',
  city: 'Mumbai',
  area: 'Bandra West',
  pincode: '400050',
  latitude: null,
  longitude: null,
  user_name: 'Asha <Kulkarni>',
};

const order = {
  id: 'o1',
  receiptId: 'rcpt_1',
  paymentMode: 'Pay on delivery',
  // Listed at ₹1,400 a pair, sold at ₹1,250: ₹2,800 before discount, ₹2,500 at sale prices.
  amountBeforeDiscountPaise: 280000,
  discountPaise: 20000,
  amountAfterDiscountPaise: 230000,
  couponCode: 'FLAT200',
  deliveryChargePaise: 4900,
  totalAmountPaise: 234900,
  amountToPayPaise: 47000,
  remainingAmountPaise: 187900,
  cgstPaise: 5593,
  sgstPaise: 5593,
  igstPaise: 0,
  shippingAddress: address,
  billingAddress: address,
  mobile: '9820012345',
  customerNote: 'Ring the bell',
} as unknown as OrderRow;

const lines = [
  {
    quantity: 2,
    name: 'Inline skates',
    sku: 'SK-1',
    lineTotalPaise: 250000,
    discountPaise: 20000,
    gstRateBp: 500,
    hsnCode: '9506',
  },
] as unknown as OrderLineRow[];

describe('order emails', () => {
  it('confirms the order to the customer with items, totals, tax, addresses, advance and remaining', () => {
    const m = orderConfirmationEmail(
      'asha@example.com',
      'Asha',
      'Urban Roll Sports LLP',
      order,
      lines,
      'UR-10423',
    );
    expect(m.to).toBe('asha@example.com');
    expect(m.subject).toBe('Your Urban Roll Sports LLP order UR-10423 is confirmed');
    expect(m.text).toContain('Order UR-10423 (receipt rcpt_1)');
    for (const part of [
      '2 x Inline skates (SK-1): ₹2,300',
      'HSN/SAC 9506',
      'Items: ₹2,500',
      'Coupon FLAT200: -₹200',
      'Items after discount: ₹2,300',
      'Delivery: ₹49',
      'Total: ₹2,349',
      'Includes GST ₹111.86 (CGST ₹55.93, SGST ₹55.93)',
      'Advance paid: ₹470',
      'Remaining on delivery: ₹1,879',
      'Ship to: Asha <Kulkarni>, 12 Carter Road, Bandra West, Mumbai 400050',
      'Note: Ring the bell',
    ]) {
      expect(m.text).toContain(part);
    }
    // The HTML escapes what the customer typed.
    expect(m.html).toContain('Asha &#60;Kulkarni&#62;');
    expect(m.html).not.toContain('<Kulkarni>');
  });

  it('notifies the shop of a new order', () => {
    const m = newOrderNoticeEmail('orders@urbanroll.example', order, lines, 'UR-10423');
    expect(m.to).toBe('orders@urbanroll.example');
    expect(m.subject).toBe('New order UR-10423: ₹2,349');
    expect(m.text).toContain('Mobile: 9820012345');
  });
});
