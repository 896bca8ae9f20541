import { eq } from 'drizzle-orm';
import type { Order, PayNowResponse, PayOnDeliveryResponse } from '@shop/contracts';
import { orders, storeSettings, users } from '@shop/db';
import { client, MAIN, type capturingEmail } from './accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from './checkout.ts';
import { adminSession } from './staff.ts';
import type { TestApp } from './test-app.ts';

/**
 * Orders as a shop sees them in tests: staff and owners with real tokens, buyers with an
 * address, and orders placed (and paid in the sandbox gateway) through the real routes.
 */
export async function orderKit(t: TestApp, mail: ReturnType<typeof capturingEmail>) {
  const db = () => t.database.db;
  const goods = await simpleProducts(t);

  /** A user of the store (or of `store`) with `role`, and a token that carries it (admin sign-in). */
  const member = async (role: 'staff' | 'owner', store = MAIN) => {
    const u = await checkoutUser(t, mail);
    await db().update(users).set({ role, storeId: store }).where(eq(users.id, u.userId));
    return (await adminSession(t, u.email, store)).accessToken;
  };
  const buyer = async () => {
    const u = await checkoutUser(t, mail);
    const addressId = await u.address('bandra');
    return { ...u, addressId };
  };
  type Buyer = Awaited<ReturnType<typeof buyer>>;
  const orderBody = (u: Buyer, patch: Record<string, unknown> = {}) => ({
    main_id: MAIN,
    cart_products: [lineOf(goods[0]!)],
    billing_address: u.addressId,
    shipping_address: u.addressId,
    mobile: '9820012345',
    coupon_code: '',
    payment_mode: 'Pay now',
    ...patch,
  });
  /** Places a Pay now order (unpaid). */
  const placeUnpaid = async (u: Buyer, patch: Record<string, unknown> = {}) => {
    const res = await u.post<PayNowResponse>('/api/payment', orderBody(u, patch));
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    return res.body;
  };
  /** Places a Pay now order and pays it in the sandbox gateway (so it can be refunded). */
  /**
   * Pays a gateway order at the sandbox and sends its signed answer to verify, as the checkout
   * window does: the verify answer and the payment's id.
   */
  const payAtGateway = async (u: Buyer, gatewayOrderId: string) => {
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { order_id: gatewayOrderId, method: 'upi', outcome: 'success' },
    });
    const { answer } = paid.json<{ answer: Record<string, string> }>();
    const verified = await u.post('/api/payment/verify', answer);
    return { verified, paymentId: answer.razorpay_payment_id! };
  };
  const placePaid = async (u: Buyer, patch: Record<string, unknown> = {}) => {
    const placed = await placeUnpaid(u, patch);
    const { verified, paymentId } = await payAtGateway(u, placed.razorpay_order.id);
    if (verified.status !== 200) throw new Error(JSON.stringify(verified.body));
    return { ...placed, paymentId };
  };
  /** Places a Pay on delivery order without an advance (confirmed at once). */
  const placeNoAdvance = async (u: Buyer) => {
    await db()
      .update(storeSettings)
      .set({ deliveryPercentage: 0 })
      .where(eq(storeSettings.storeId, MAIN));
    try {
      const res = await u.post<PayOnDeliveryResponse>(
        '/api/payment/paydelivery',
        orderBody(u, { payment_mode: 'Pay on delivery' }),
      );
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      return res.body;
    } finally {
      await db()
        .update(storeSettings)
        .set({ deliveryPercentage: 20 })
        .where(eq(storeSettings.storeId, MAIN));
    }
  };
  const orderRow = (id: string) =>
    db()
      .select()
      .from(orders)
      .where(eq(orders.id, id))
      .then((r) => r[0]!);
  /** PATCH /api/admin/orders/{id} with `token`. */
  const patchAs = (token: string | undefined, orderId: string, body: Record<string, unknown>) =>
    client(t).call<{ data: Order }>('PATCH', `/api/admin/orders/${orderId}`, body, token);

  return {
    goods,
    member,
    buyer,
    orderBody,
    placeUnpaid,
    placePaid,
    payAtGateway,
    placeNoAdvance,
    orderRow,
    patchAs,
  };
}
export type OrderKit = Awaited<ReturnType<typeof orderKit>>;
export type KitBuyer = Awaited<ReturnType<OrderKit['buyer']>>;
