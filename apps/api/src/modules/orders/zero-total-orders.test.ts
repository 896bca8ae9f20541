import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Admission, AdmissionPayment, Order } from '@shop/contracts';
import {
  couponRedemptions,
  coupons,
  orders,
  orderTimeline,
  products,
  sandboxGatewayOrders,
} from '@shop/db';
import { isCourse } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Issue 26 item 4: an order with nothing to pay (a 100% coupon and free delivery). */
describe.each(testDatabaseTargets())('₹0 orders on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let goods: Awaited<ReturnType<typeof simpleProducts>>;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    goods = await simpleProducts(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const product = async (id: string) =>
    (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;
  const ordersOf = (userId: string) =>
    t.database.db.select().from(orders).where(eq(orders.userId, userId));
  const gatewayOrders = async () =>
    (await t.database.db.select().from(sandboxGatewayOrders)).length;
  /** A 100% coupon of its own (no per-customer limit), so tests do not share uses. */
  const freeCoupon = async () => {
    const [c] = await t.database.db
      .insert(coupons)
      .values({ storeId: MAIN, code: `FREE${randomUUID().slice(0, 8)}`, percentageOffer: 100 })
      .returning();
    return c!;
  };
  /** Enough of a product for free delivery in Bandra (the band's ₹1,499 minimum). */
  const freeDeliveryLine = (p: { id: string; sku: string; discountPricePaise: number }) => {
    const unit = p.discountPricePaise;
    return lineOf(p, Math.max(1, Math.ceil(150_000 / Math.max(unit, 1))));
  };
  const buyer = async () => {
    const u = await checkoutUser(t, mail);
    return { ...u, addressId: await u.address('bandra') };
  };
  type Buyer = Awaited<ReturnType<typeof buyer>>;
  const body = (u: Buyer, patch: Record<string, unknown>) => ({
    main_id: MAIN,
    user_id: u.userId,
    billing_address: u.addressId,
    shipping_address: u.addressId,
    mobile: '9820012345',
    customer_note: '',
    payment_mode: 'Pay now',
    ...patch,
  });
  const priciest = () =>
    [...goods]
      .filter((p) => p.totalStock >= 20 && p.discountPricePaise > 0)
      .sort((a, b) => b.discountPricePaise - a.discountPricePaise)[0]!;

  it('pay now: confirmed without a gateway (paid, Processing, fully discounted), 200, once per key', async () => {
    const u = await buyer();
    const p = priciest();
    const line = freeDeliveryLine(p);
    const coupon = await freeCoupon();
    const before = await product(p.id);
    const gatewayBefore = await gatewayOrders();
    const sent = mail.sent.length;
    await u.post('/api/cart', { ...lineOf(goods[1]!), user_id: u.userId, main_id: MAIN });
    const key = { 'idempotency-key': `zero-${randomUUID()}` };
    const order = body(u, { cart_products: [line], coupon_code: coupon.code });
    const res = await u.post<Record<string, unknown>>('/api/payment', order, key);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, totalAmountbeforePay: 0, status: 'Success' });
    expect(res.body.razorpay_order).toBeUndefined();
    // No gateway order opened; one order, paid and confirmed as placed.
    expect(await gatewayOrders()).toBe(gatewayBefore);
    const rows = await ordersOf(u.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.body.order_id,
      paymentStatus: 'Success',
      orderStatus: 'Processing',
      totalAmountPaise: 0,
      amountToPayPaise: 0,
      gatewayOrderId: null,
    });
    expect(rows[0]!.paidAt).not.toBeNull();
    expect(rows[0]!.processingDate).not.toBeNull();
    // Stock taken and counted as sold, the coupon used once.
    const after = await product(p.id);
    expect(after.totalStock).toBe(before.totalStock - line.quantity);
    expect(after.totalSold).toBe(before.totalSold + line.quantity);
    const [used] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used!.uses).toBe(1);
    // The emails (customer, shop) and the cart cleared, as for a paid order.
    expect(mail.sent.slice(sent).map((m) => m.to)).toEqual([u.email, 'orders@urbanroll.example']);
    expect(mail.sent[sent]!.text).toContain('Payment: Fully discounted');
    expect((await u.get<{ data: unknown[] }>(`/api/cart/${u.userId}`)).body.data).toEqual([]);
    const timeline = await t.database.db
      .select()
      .from(orderTimeline)
      .where(eq(orderTimeline.orderId, rows[0]!.id));
    expect(timeline.map((e) => e.toStatus)).toEqual(['Pending', 'Processing']);
    const read = await u.get<{ data: Order }>(`/api/payment/order/${rows[0]!.id}`);
    expect(read.body.data).toMatchObject({ status: 'Success', fully_paid: true, advance: 0 });

    // The same key: the same order and answer, nothing written again.
    const again = await u.post<Record<string, unknown>>('/api/payment', order, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(await ordersOf(u.userId)).toHaveLength(1);
    expect((await product(p.id)).totalStock).toBe(after.totalStock);
    expect(mail.sent.length).toBe(sent + 2);
  });

  it('pay on delivery with a ₹0 total: paid as placed, nothing to collect; an advance of ₹0 is confirmed unpaid', async () => {
    const u = await buyer();
    const p = priciest();
    const coupon = await freeCoupon();
    const res = await u.post<Record<string, unknown>>(
      '/api/payment/paydelivery',
      body(u, {
        cart_products: [freeDeliveryLine(p)],
        coupon_code: coupon.code,
        payment_mode: 'Pay on delivery',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ advance: 0, remaining_amount: 0, totalAmountbeforePay: 0 });
    expect(res.body.razorpay_order).toBeUndefined();
    const [row] = await ordersOf(u.userId);
    expect(row).toMatchObject({ paymentStatus: 'Success', orderStatus: 'Processing' });
    const read = await u.get<{ data: Order }>(`/api/payment/order/${row!.id}`);
    expect(read.body.data.fully_paid).toBe(true);
  });

  it('a request that fails writes nothing: a ₹0 order whose coupon is used up meanwhile', async () => {
    const u = await buyer();
    const p = priciest();
    const [c] = await t.database.db
      .insert(coupons)
      .values({
        storeId: MAIN,
        code: `ONCE${randomUUID().slice(0, 8)}`,
        percentageOffer: 100,
        totalUsageLimit: 1,
      })
      .returning();
    const line = freeDeliveryLine(p);
    const first = await u.post(
      '/api/payment',
      body(u, { cart_products: [line], coupon_code: c!.code }),
    );
    expect(first.status).toBe(200);
    const other = await buyer();
    const stock = (await product(p.id)).totalStock;
    const sent = mail.sent.length;
    const second = await other.post(
      '/api/payment',
      body(other, { cart_products: [line], coupon_code: c!.code }),
    );
    expect(second.status).toBe(400);
    expect(await ordersOf(other.userId)).toEqual([]);
    expect((await product(p.id)).totalStock).toBe(stock);
    expect(mail.sent.length).toBe(sent);
    const redemptions = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, c!.id));
    expect(redemptions).toHaveLength(1);
  });

  it('an admission paid in full by a 100% coupon: 200, paid, invoiced, no gateway', async () => {
    const all = await t.database.db.select().from(products).where(eq(products.storeId, MAIN));
    const course = all.find((p) => isCourse(p) && p.status === 'Active' && p.totalStock > 3)!;
    const u = await checkoutUser(t, mail);
    const admission = await u.post<{ data: Admission }>('/api/admission', {
      user_id: u.userId,
      name: 'Riya Kulkarni',
      guardianName: 'Amit Kulkarni',
      guardianRelation: 'Father',
      guardianMobile: '9820012399',
      dob: '2000-04-12',
      aadhar: '234123412346',
      gender: 'Female',
      school: 'St. Xavier’s',
      address: '12 Link Road, Malad West',
      pincode: '400064',
      mobile: '98200 12345',
      email: 'parent@example.com',
      center: 'Malad (W)',
      rulesAgreed: true,
    });
    expect(admission.status).toBe(200);
    const coupon = await freeCoupon();
    const gatewayBefore = await gatewayOrders();
    const res = await u.post<Record<string, unknown>>(
      '/api/admission-pay',
      {
        main_id: MAIN,
        user_id: u.userId,
        admission_id: admission.body.data.id,
        cart_products: [lineOf(course)],
        mobile: '9820012345',
        coupon_code: coupon.code,
        payment_mode: 'Pay now',
      },
      { 'idempotency-key': `adm-zero-${randomUUID()}` },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, totalAmountbeforePay: 0, status: 'Success' });
    expect(await gatewayOrders()).toBe(gatewayBefore);
    const single = await u.get<{ data: AdmissionPayment }>(
      `/api/admission-pay/single/${String(res.body.receipt_id)}`,
    );
    expect(single.body.data).toMatchObject({ status: 'Success', advance: 0 });
    const read = await u.get<{ data: Order }>(`/api/payment/order/${String(res.body.order_id)}`);
    // A course-only order is supplied when paid: its invoice is issued with the payment.
    expect(read.body.data.invoice).not.toBeNull();
  });
});
