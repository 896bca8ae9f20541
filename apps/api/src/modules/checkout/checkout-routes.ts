import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  couponCheckQuerySchema,
  couponCheckResponseSchema,
  couponCodeParamsSchema,
  deliveryPayBeforeResponseSchema,
  deliveryPriceResponseSchema,
  freeDeliveryResponseSchema,
  officeResponseSchema,
  payRazorpayResponseSchema,
  paymentSummaryRequestSchema,
  paymentSummaryResponseSchema,
  storeIdParamsSchema,
} from '@shop/contracts';
import { rupeesToPaise } from '@shop/domain';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { CheckoutService } from './checkout-service.ts';

const tags = ['checkout'];
const errors = errorResponses(400, 404);
const params = storeIdParamsSchema;

/** Store reads of accounts-checkout-payments §7 and the server's order summary. */
export function checkoutRoutes(
  app: FastifyInstance,
  { service, cart }: { service: CheckoutService; cart: Pick<CartService, 'itemsTotalPaise'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.get(
    '/pay-razorpay/:storeId',
    {
      schema: {
        tags,
        summary: "The payment modal's key id, company name and colour (never the key secret)",
        params,
        response: { 200: payRazorpayResponseSchema, ...errors },
      },
    },
    async (req) => service.payRazorpay(req.params.storeId),
  );

  r.get(
    '/delivery-price/:storeId',
    {
      schema: {
        tags,
        summary: 'The active delivery price bands',
        params,
        response: { 200: deliveryPriceResponseSchema, ...errors },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.deliveryBands(req.params.storeId),
    }),
  );

  r.get(
    '/freedelivery/:storeId',
    {
      schema: {
        tags,
        summary: 'The free-delivery bands',
        params,
        response: { 200: freeDeliveryResponseSchema, ...errors },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.freeDeliveryBands(req.params.storeId),
    }),
  );

  r.get(
    '/deliverypaybefore/single/:storeId',
    {
      schema: {
        tags,
        summary: 'The pay-on-delivery advance, in percent',
        params,
        response: { 200: deliveryPayBeforeResponseSchema, ...errors },
      },
    },
    async (req) => ({
      isError: false as const,
      help: { delivery_percentage: await service.advancePercentage(req.params.storeId) },
    }),
  );

  r.get(
    '/register/officesingle/:storeId',
    {
      schema: {
        tags,
        summary: 'The office address and its coordinates',
        params,
        response: { 200: officeResponseSchema, ...errors },
      },
    },
    async (req) => ({ isError: false as const, ...(await service.office(req.params.storeId)) }),
  );

  r.get(
    '/coupon/check/:code',
    {
      schema: {
        tags,
        summary:
          "Whether a coupon can be used (user_id carries the store id) against `total`, or without it against the signed-in caller's cart as the server prices it (a guest: ₹0); limited per IP address and per account (429)",
        params: couponCodeParamsSchema,
        querystring: couponCheckQuerySchema,
        response: { 200: couponCheckResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (req) => {
      const { user_id: storeId, total } = req.query;
      // The spec's own call sends no total: a signed-in shopper's coupon is checked against
      // their cart as the server prices it (issue 59 item 8); a guest's against ₹0.
      const saleTotalPaise =
        total !== undefined
          ? rupeesToPaise(total)
          : req.user
            ? await cart.itemsTotalPaise(req.user, storeId)
            : 0;
      return service.checkCoupon(storeId, req.params.code, saleTotalPaise, req.user, req.ip);
    },
  );

  r.post(
    '/payment/summary',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: "The order summary as the server prices it (lines or the caller's cart)",
        security: bearerSecurity,
        body: paymentSummaryRequestSchema,
        response: {
          200: paymentSummaryResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (req) => {
      const b = req.body;
      return service.summary(callerOf(req), {
        storeId: b.main_id,
        lines:
          b.cart_products?.map((l) => ({
            productId: l.product_id,
            sku: l.product_sku,
            quantity: l.quantity,
          })) ?? null,
        couponCode: b.coupon_code,
        shippingAddressId: b.shipping_address ?? null,
        paymentMode: b.payment_mode,
      });
    },
  );
}
