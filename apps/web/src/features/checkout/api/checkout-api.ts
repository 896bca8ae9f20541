import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AdmissionPayment,
  CheckoutLine,
  CouponCheckResponse,
  DeliveryPayBeforeResponse,
  DeliveryPriceResponse,
  FreeDeliveryResponse,
  Order,
  PaymentMode,
  PaymentSummary,
  PayByUpiResponse,
  PayNowPaidResponse,
  PayNowResponse,
  PayOnDeliveryResponse,
  PayRazorpayResponse,
  VerifyPaymentRequest,
  VerifyPaymentResponse,
} from '@shop/contracts';
import { rupeesToPaise, type DeliveryBand, type FreeDeliveryBand } from '@shop/domain';
import { getJson, STORE_ID } from '../../../lib/api-client.ts';
import { authJson } from '../../../lib/api-request.ts';
import { firstScreenLoadedAt, takeFirstScreenAnswer } from '../../../lib/first-screen.ts';

const store = encodeURIComponent(STORE_ID);
const id = (s: string) => encodeURIComponent(s);

/** GET /pay-razorpay/{storeId}: key id, company name and colour, and which gateway serves it. */
export const paySettingsQuery = queryOptions({
  queryKey: ['pay-settings', STORE_ID],
  queryFn: ({ signal }) => getJson<PayRazorpayResponse>(`/pay-razorpay/${store}`, signal),
  // Checkout's page comes with it (its first screen).
  initialData: () => takeFirstScreenAnswer<PayRazorpayResponse>(`/pay-razorpay/${store}`),
  initialDataUpdatedAt: firstScreenLoadedAt,
  staleTime: 5 * 60_000,
});

/** GET /deliverypaybefore/single/{storeId}: the pay-on-delivery advance, in percent. */
export const advancePercentQuery = queryOptions({
  queryKey: ['advance-percent', STORE_ID],
  queryFn: ({ signal }) =>
    getJson<DeliveryPayBeforeResponse>(`/deliverypaybefore/single/${store}`, signal).then(
      (r) => r.help.delivery_percentage,
    ),
  staleTime: 5 * 60_000,
});

/**
 * GET /delivery-price/{storeId} and /freedelivery/{storeId}: the store's bands, in the domain's
 * shape (paise), for the cart's "Delivery from" before an address is known.
 */
export const deliveryBandsQuery = queryOptions({
  queryKey: ['delivery-bands', STORE_ID],
  queryFn: async ({
    signal,
  }): Promise<{ bands: DeliveryBand[]; freeBands: FreeDeliveryBand[] }> => {
    const [paid, free] = await Promise.all([
      getJson<DeliveryPriceResponse>(`/delivery-price/${store}`, signal),
      getJson<FreeDeliveryResponse>(`/freedelivery/${store}`, signal),
    ]);
    return {
      bands: paid.data.map((b) => ({
        minKm: b.min_kilometer,
        maxKm: b.max_kilometer,
        pricePaise: rupeesToPaise(b.delivery_price),
        active: b.status === 'Active',
      })),
      freeBands: free.data.map((b) => ({
        minKm: b.min_kilometer,
        maxKm: b.max_kilometer,
        minSaleTotalPaise: rupeesToPaise(b.freedelivery_price),
      })),
    };
  },
  staleTime: 5 * 60_000,
});

// The profile's read and save are shared with the privacy page's corrections.
export { profileQuery, saveProfile, useProfile } from '../../../lib/profile-api.ts';

export interface SummaryInput {
  /** The Buy Now item or the cart's lines; absent: the caller's server cart. */
  lines: CheckoutLine[] | null;
  couponCode: string;
  shippingAddressId: string | null;
  paymentMode: PaymentMode;
}

/** POST /payment/summary: the server's whole checkout summary for what checkout holds. */
export function usePaymentSummary(input: SummaryInput, enabled: boolean) {
  return useQuery({
    queryKey: ['payment-summary', STORE_ID, input],
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: ({ signal }) =>
      authJson<PaymentSummary>(
        'POST',
        '/payment/summary',
        {
          main_id: STORE_ID,
          ...(input.lines ? { cart_products: input.lines } : {}),
          coupon_code: input.couponCode,
          ...(input.shippingAddressId ? { shipping_address: input.shippingAddressId } : {}),
          payment_mode: input.paymentMode,
        },
        signal,
      ),
  });
}

/** GET /coupon/check/{code}?user_id={storeId}&total=: whether the coupon can be used, and why not. */
export const checkCoupon = (code: string, totalRupees: number | undefined) => {
  const q = new URLSearchParams({ user_id: STORE_ID });
  if (totalRupees !== undefined) q.set('total', String(totalRupees));
  return getJson<CouponCheckResponse>(`/coupon/check/${id(code)}?${q}`);
};

export interface OrderBody {
  user_id: string;
  cart_products: CheckoutLine[];
  /** Absent on an admission order (courses are not delivered). */
  billing_address?: string;
  shipping_address?: string;
  /** An admission order: the admission the courses are paid with (POST /admission-pay...). */
  admission_id?: string;
  mobile: string;
  coupon_code: string;
  customer_note: string;
  payment_mode: PaymentMode;
  user_gstNo: string;
}

export type PlacedOrder =
  PayNowResponse | PayNowPaidResponse | PayOnDeliveryResponse | PayByUpiResponse;

const PLACE_PATH: Record<PaymentMode, string> = {
  'Pay now': '',
  'Pay on delivery': '/paydelivery',
  'Pay by UPI': '/upi',
};

/**
 * POST /payment (Pay now) or /payment/paydelivery (Pay on delivery), with the attempt's
 * Idempotency-Key: sent again with the same key, the server answers the same order.
 */
export const placeOrder = (body: OrderBody, idempotencyKey: string) =>
  authJson<PlacedOrder>(
    'POST',
    `${body.admission_id ? '/admission-pay' : '/payment'}${PLACE_PATH[body.payment_mode]}`,
    { ...body, main_id: STORE_ID },
    undefined,
    { 'idempotency-key': idempotencyKey },
  );

/**
 * POST /payment/order/{id}/pay: the same order's gateway order to pay again (Pay now, Try
 * again); `razorpay_order.status` is "paid" when a payment had arrived meanwhile.
 */
export const payAgain = (orderId: string) =>
  authJson<PayNowResponse>('POST', `/payment/order/${encodeURIComponent(orderId)}/pay`, {});

/** POST /payment/verify (or /admission-pay/verify): the gateway's answer, checked by the server. */
export const verifyPayment = (body: VerifyPaymentRequest, admission = false) =>
  authJson<VerifyPaymentResponse>(
    'POST',
    admission ? '/admission-pay/verify' : '/payment/verify',
    body,
  );

/** GET /admission-pay/single/{id}: one of the caller's admission payments (id or receipt id). */
export function useAdmissionPayment(receiptId: string, enabled = true) {
  return useQuery({
    queryKey: ['admission-payment', receiptId],
    enabled,
    retry: false,
    queryFn: ({ signal }) =>
      authJson<{ data: AdmissionPayment }>(
        'GET',
        `/admission-pay/single/${id(receiptId)}`,
        undefined,
        signal,
      ).then((r) => r.data),
  });
}

/** GET /payment/order/{id}: one of the caller's orders. */
export function useOrder(orderId: string, enabled = true) {
  return useQuery({
    queryKey: ['order', orderId],
    enabled,
    retry: false,
    queryFn: ({ signal }) =>
      authJson<{ data: Order }>('GET', `/payment/order/${id(orderId)}`, undefined, signal).then(
        (r) => r.data,
      ),
  });
}

/** DELETE /cart/deleteall/{userId}: empties the server cart (after a paid order). */
export const clearServerCart = (userId: string) =>
  authJson<unknown>('DELETE', `/cart/deleteall/${id(userId)}`);
