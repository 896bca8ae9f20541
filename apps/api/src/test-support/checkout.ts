import { and, asc, eq, gt, gte } from 'drizzle-orm';
import { addresses, pincodes, products, variations } from '@shop/db';
import { isCourse } from '@shop/domain';
import { capturingEmail, client, MAIN, registerUser } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/** Places to ship to: near the Andheri office, across Mumbai, and in another state. */
export const PLACES = {
  /** Bandra West, ~5 km straight from the office. */
  bandra: { pincode: '400050', latitude: 19.0596, longitude: 72.8295, city: 'Mumbai' },
  /** Pune: Maharashtra, over 100 km. */
  pune: { pincode: '411001', latitude: 18.5204, longitude: 73.8567, city: 'Pune' },
  /** Bengaluru: Karnataka (IGST). */
  bengaluru: { pincode: '560001', latitude: 12.9716, longitude: 77.5946, city: 'Bengaluru' },
  /** Right next to the office (under 1 km). */
  office: { pincode: '400058', latitude: 19.1344, longitude: 72.8344, city: 'Mumbai' },
} as const;

/** A signed-in customer with a client bound to their token and helpers to add addresses. */
export async function checkoutUser(t: TestApp, mail = capturingEmail()) {
  const u = await registerUser(t, mail);
  const c = client(t);
  const token = u.accessToken;
  return {
    ...u,
    token,
    post: <T = Record<string, unknown>>(
      url: string,
      body: unknown,
      headers: Record<string, string> = {},
    ) =>
      t.app
        .inject({
          method: 'POST',
          url,
          payload: body as Record<string, unknown>,
          headers: { authorization: `Bearer ${token}`, ...headers },
        })
        .then((res) => ({
          status: res.statusCode,
          body: res.json<T & { msg?: string; field?: string }>(),
        })),
    get: <T = Record<string, unknown>>(url: string) => c.get<T>(url, token),
    /**
     * Saves an address straight to the book (any place, as the geocoder would have put it).
     * A named place is one the store serves: its pincode is added to the store's active
     * pincodes, since checkout ships only to those (issue 28 item 3).
     */
    async address(
      place:
        | keyof typeof PLACES
        | { pincode: string; latitude: number | null; longitude: number | null; city: string },
    ) {
      const p = typeof place === 'string' ? PLACES[place] : place;
      if (typeof place === 'string') {
        await t.database.db
          .insert(pincodes)
          .values({ storeId: MAIN, pincode: p.pincode, status: 'Active' })
          .onConflictDoUpdate({
            target: [pincodes.storeId, pincodes.pincode],
            set: { status: 'Active' },
          });
      }
      const [row] = await t.database.db
        .insert(addresses)
        .values({
          storeId: MAIN,
          userId: u.userId,
          locationUser: 'Home',
          newAddress: '12 Test Road',
          city: p.city,
          area: 'Area',
          pincode: p.pincode,
          latitude: p.latitude,
          longitude: p.longitude,
          userName: 'Asha Kulkarni',
        })
        .returning({ id: addresses.id });
      return row!.id;
    },
  };
}

export type CheckoutUser = Awaited<ReturnType<typeof checkoutUser>>;

/** Active simple products of the main store with stock (not courses), in catalogue order. */
export async function simpleProducts(t: TestApp) {
  const rows = await t.database.db
    .select()
    .from(products)
    .where(
      and(
        eq(products.storeId, MAIN),
        eq(products.status, 'Active'),
        eq(products.productType, 'Simple'),
        gt(products.totalStock, 5),
      ),
    )
    .orderBy(asc(products.position));
  return rows.filter((p) => !isCourse(p));
}

/** A variation of an active Variable product of the main store with at least `minStock` left. */
export async function variationInStock(t: TestApp, minStock: number) {
  const [v] = await t.database.db
    .select({
      id: variations.id,
      productId: variations.productId,
      sku: variations.sku,
      title: products.title,
    })
    .from(variations)
    .innerJoin(products, eq(products.id, variations.productId))
    .where(
      and(
        eq(products.storeId, MAIN),
        eq(products.status, 'Active'),
        eq(products.productType, 'Variable Product'),
        gte(variations.stock, minStock),
      ),
    )
    .limit(1);
  if (!v) throw new Error(`No variation with ${String(minStock)} in stock in the demo catalogue`);
  return v;
}

export const lineOf = (p: { id: string; sku: string }, quantity = 1) => ({
  product_id: p.id,
  product_sku: p.sku,
  quantity,
});

/** The body of a Pay now order of `lines`, billed and shipped to one of the buyer's addresses. */
export const payNowBody = (addressId: string, lines: ReturnType<typeof lineOf>[]) => ({
  main_id: MAIN,
  cart_products: lines,
  billing_address: addressId,
  shipping_address: addressId,
  mobile: '9820012345',
  coupon_code: '',
  customer_note: '',
  payment_mode: 'Pay now',
});

/**
 * Places a Pay now order of `lines` for `u` (shipping to Bandra), left awaiting its payment.
 * Returns the answer's order id and gateway order id.
 */
export async function placeUnpaidOrder(u: CheckoutUser, lines: ReturnType<typeof lineOf>[]) {
  const addressId = await u.address('bandra');
  const placed = await u.post<{ order_id: string; razorpay_order: { id: string } }>(
    '/api/payment',
    payNowBody(addressId, lines),
  );
  if (placed.status !== 200) throw new Error(`place: ${JSON.stringify(placed.body)}`);
  return placed.body;
}

/**
 * Places a Pay now order of `lines` for `u` (shipping to Bandra) and pays it in the sandbox
 * gateway, as a shopper would: place, pay, verify. Returns the order id.
 */
export async function placePaidOrder(
  t: TestApp,
  u: CheckoutUser,
  lines: ReturnType<typeof lineOf>[],
): Promise<string> {
  const placed = await placeUnpaidOrder(u, lines);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/sandbox/pay',
    payload: { order_id: placed.razorpay_order.id, method: 'upi', outcome: 'success' },
  });
  const { answer } = paid.json<{ answer: Record<string, string> }>();
  const verified = await u.post('/api/payment/verify', answer);
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
  return placed.order_id;
}
