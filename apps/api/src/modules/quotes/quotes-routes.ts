import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { QUOTE_MESSAGES, quoteRequestSchema, quoteResponseSchema } from '@shop/contracts';
import { paiseToRupees } from '@shop/domain';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { QuotesService } from './quotes-service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);

/** POST /payment/getquote: a quote request of a signed-in customer, priced by the server. */
export function quotesRoutes(app: FastifyInstance, { service }: { service: QuotesService }) {
  noStore(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payment/getquote',
    {
      config: needs.self('body', 'user_id'),
      schema: {
        tags: ['quotes'],
        summary: 'Ask for a quote; amounts are recomputed from the catalogue',
        security: bearerSecurity,
        body: quoteRequestSchema,
        response: { 200: quoteResponseSchema, ...errors },
      },
    },
    async (req) => {
      const b = req.body;
      const quote = await service.request(callerOf(req), {
        storeId: b.main_id,
        name: b.name,
        mobile: b.mobile,
        email: b.email,
        description: b.description,
        userName: b.user_name,
        couponCode: b.coupon_code,
        guestVeg: b.guestVeg,
        guestNonVeg: b.guestNonVeg,
        products: b.cart_products.map((p) => ({
          productId: p.product_id,
          sku: p.product_sku,
          quantity: p.quantity,
        })),
      });
      return {
        isError: false as const,
        success: true as const,
        message: QUOTE_MESSAGES.sent,
        data: {
          id: quote.id,
          name: quote.name,
          mobile: quote.mobile,
          email: quote.email,
          description: quote.description,
          cart_products: quote.cartProducts,
          amountbeforediscount: paiseToRupees(quote.amountBeforeDiscountPaise),
          amountafterdiscount: paiseToRupees(quote.amountAfterDiscountPaise),
          discountprice: paiseToRupees(quote.discountPaise),
          coupon_code: quote.couponCode,
          couponapplied: quote.couponApplied,
          ...(quote.couponMessage !== undefined && { coupon_message: quote.couponMessage }),
          payment_mode: 'NA' as const,
        },
      };
    },
  );
}
