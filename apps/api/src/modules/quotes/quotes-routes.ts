import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { quoteRequestSchema, quoteResponseSchema } from '@shop/contracts';
import { assertSelf, type Authenticate } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { QuotesService } from './quotes-service.ts';

const errors = errorResponses(400, 401, 403, 404);

/** POST /payment/getquote: a quote request of a signed-in customer, priced by the server. */
export function quotesRoutes(
  app: FastifyInstance,
  { service, authenticate }: { service: QuotesService; authenticate: Authenticate },
) {
  noStore(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/payment/getquote',
    {
      onRequest: authenticate.required,
      schema: {
        tags: ['quotes'],
        summary: 'Ask for a quote; amounts are recomputed from the catalogue',
        security: bearerSecurity,
        body: quoteRequestSchema,
        response: { 200: quoteResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = await authenticate(req);
      assertSelf(caller, req.body.user_id);
      const b = req.body;
      return service.request(caller, {
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
    },
  );
}
