import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  couponCheckQuerySchema,
  couponMinimumMessage,
  deliveryPriceResponseSchema,
  payRazorpayResponseSchema,
  paymentSummaryRequestSchema,
} from './checkout.ts';
import { orderIdParamsSchema, orderSchema } from './orders.ts';
import {
  idempotencyHeadersSchema,
  placeOrderRequestSchema,
  razorpayWebhookSchema,
  verifyPaymentRequestSchema,
} from './payments.ts';

const PRODUCT = '0b6f6f4e-5a43-4c1e-9d7e-0d6b1f3c2a11';
const ADDRESS = '3f1c2d4e-5b6a-4789-8abc-def012345678';

const body = (over: Record<string, unknown> = {}) => ({
  main_id: 'urbanroll',
  cart_products: [{ product_id: PRODUCT, product_sku: 'UR-TS-001-BLK-M', quantity: 2 }],
  billing_address: ADDRESS,
  shipping_address: ADDRESS,
  mobile: '+91 98200 12345',
  payment_mode: 'Pay now',
  ...over,
});

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('placeOrderRequestSchema', () => {
  it('keeps what the server reads and drops every client amount', () => {
    const parsed = placeOrderRequestSchema.parse(
      body({
        amountbeforediscount: 1,
        totalAmountbeforePay: 1,
        deliveryCharge: 0,
        discountprice: 999,
        cart_products: [
          { product_id: PRODUCT, product_sku: 'SKU', quantity: '3', product_price: 1, total: 3 },
        ],
      }),
    );
    expect(parsed).toEqual({
      main_id: 'urbanroll',
      cart_products: [{ product_id: PRODUCT, product_sku: 'SKU', quantity: 3 }],
      billing_address: ADDRESS,
      shipping_address: ADDRESS,
      mobile: '9820012345',
      coupon_code: '',
      customer_note: '',
      payment_mode: 'Pay now',
    });
  });

  it('takes an address object carrying its id, and uses only the id', () => {
    const parsed = placeOrderRequestSchema.parse(
      body({ shipping_address: { id: ADDRESS, city: 'Mumbai', pincode: '400050' } }),
    );
    expect(parsed.shipping_address).toBe(ADDRESS);
  });

  it.each([
    [{ cart_products: [] }, CHECKOUT_MESSAGES.cartEmpty],
    [{ mobile: '12345' }, 'Please enter a valid 10-digit mobile number.'],
    [{ shipping_address: 'not-an-id' }, CHECKOUT_MESSAGES.chooseShipping],
    [{ billing_address: { city: 'Mumbai' } }, CHECKOUT_MESSAGES.chooseBilling],
    [{ payment_mode: 'Cash' }, 'Choose Pay now, Pay on delivery or Pay by UPI.'],
    [{ customer_note: 'x'.repeat(501) }, 'The note is at most 500 characters.'],
    [
      { cart_products: [{ product_id: PRODUCT, product_sku: 'S', quantity: 0 }] },
      'Quantity must be a whole number of at least 1.',
    ],
  ])('refuses %o with a message naming the problem', (over, message) => {
    expect(firstIssue(placeOrderRequestSchema.safeParse(body(over)))).toBe(message);
  });
});

describe('paymentSummaryRequestSchema', () => {
  it('prices the server cart when no lines are sent, as Pay now by default', () => {
    expect(paymentSummaryRequestSchema.parse({ main_id: 'urbanroll' })).toEqual({
      main_id: 'urbanroll',
      coupon_code: '',
      payment_mode: 'Pay now',
    });
  });
});

describe('idempotencyHeadersSchema', () => {
  it('takes a visible ASCII key of 8 to 200 characters, or none', () => {
    expect(idempotencyHeadersSchema.parse({})).toEqual({});
    expect(idempotencyHeadersSchema.parse({ 'idempotency-key': 'a1b2c3d4-e5' })).toEqual({
      'idempotency-key': 'a1b2c3d4-e5',
    });
    for (const bad of ['short', 'has space inside', 'x'.repeat(201), 'ключ-ключ-ключ']) {
      expect(idempotencyHeadersSchema.safeParse({ 'idempotency-key': bad }).success, bad).toBe(
        false,
      );
    }
  });
});

describe('verifyPaymentRequestSchema', () => {
  const ok = {
    razorpay_order_id: 'order_ABC',
    razorpay_payment_id: 'pay_DEF',
    razorpay_signature: 'a'.repeat(64),
    key_id: 'rzp_test_sandbox',
    receipt_id: 'rcpt_1',
  };
  it('takes the checkout answer and refuses a signature that is not 64 hex digits', () => {
    expect(verifyPaymentRequestSchema.parse(ok)).toEqual(ok);
    expect(
      firstIssue(verifyPaymentRequestSchema.safeParse({ ...ok, razorpay_signature: 'zz' })),
    ).toBe(CHECKOUT_MESSAGES.invalidSignature);
    expect(verifyPaymentRequestSchema.safeParse({ ...ok, razorpay_payment_id: '' }).success).toBe(
      false,
    );
  });
});

describe('store reads', () => {
  it('never lets key_secret out through /pay-razorpay', () => {
    const answer = {
      key_id: 'rzp_test_sandbox',
      company_name: 'Urban Roll',
      company_color: '#7c3aed',
      gateway: 'sandbox',
      online_payments: true,
    };
    expect(payRazorpayResponseSchema.parse(answer)).toEqual(answer);
    expect(payRazorpayResponseSchema.safeParse({ ...answer, key_secret: 's' }).success).toBe(false);
  });

  it('reads an open-ended band as max_kilometer null', () => {
    expect(
      deliveryPriceResponseSchema.parse({
        isError: false,
        data: [{ min_kilometer: 40, max_kilometer: null, delivery_price: 249, status: 'Active' }],
      }).data[0]?.max_kilometer,
    ).toBeNull();
  });

  it('requires the store id in the coupon check and reads the optional total', () => {
    expect(couponCheckQuerySchema.parse({ user_id: 'urbanroll', total: '1499.50' })).toEqual({
      user_id: 'urbanroll',
      total: 1499.5,
    });
    expect(couponCheckQuerySchema.safeParse({}).success).toBe(false);
    expect(couponMinimumMessage(300)).toBe('Add ₹300.00 more to use this coupon.');
  });
});

describe('razorpayWebhookSchema', () => {
  it("reads Razorpay's order.paid body and keeps the fields it does not name", () => {
    const parsed = razorpayWebhookSchema.parse({
      entity: 'event',
      account_id: 'acc_1',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: {
        payment: {
          entity: {
            id: 'pay_1',
            entity: 'payment',
            amount: 50_000,
            status: 'captured',
            order_id: 'order_1',
            method: 'upi',
            vpa: 'success@razorpay',
          },
        },
        order: {
          entity: {
            id: 'order_1',
            amount: 50_000,
            amount_paid: 50_000,
            status: 'paid',
            receipt: 'r',
          },
        },
      },
      created_at: 1_767_225_600,
    });
    expect(parsed.payload.payment?.entity.order_id).toBe('order_1');
    expect(parsed.payload.payment?.entity).toMatchObject({ vpa: 'success@razorpay' });
    expect(razorpayWebhookSchema.safeParse({ event: 'order.paid' }).success).toBe(false);
  });
});

describe('orders', () => {
  it('answers 404-like for an order id that is not a uuid', () => {
    expect(firstIssue(orderIdParamsSchema.safeParse({ id: '42' }))).toBe('Order not found');
  });

  it('describes an order with the spec field names', () => {
    const keys = Object.keys(orderSchema.shape);
    for (const field of [
      'order_id',
      'receipt_id',
      'createdAt',
      'cart_products',
      'amountbeforediscount',
      'amountafterdiscount',
      'totalAmountbeforePay',
      'remaining_amount',
      'deliveryCharge',
      'discountprice',
      'payment_mode',
      'status',
      'couponapplied',
      'coupon_code',
      'orderStatus',
      'delivered',
      'processing_date',
      'shipped_date',
      'out_deliverydate',
      'delivery_date',
      'user_name',
      'user_gstNo',
      'customer_note',
      'billing_address',
      'shipping_address',
    ]) {
      expect(keys, field).toContain(field);
    }
  });
});
