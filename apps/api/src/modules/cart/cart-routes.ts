import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCartLineRequestSchema,
  CART_MESSAGES,
  cartResponseSchema,
  cartWriteResponseSchema,
  skuParamsSchema,
  updateCartLineRequestSchema,
  userIdParamsSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { CartService } from './cart-service.ts';

const tags = ['cart'];
const errors = errorResponses(400, 401, 403, 404, 409);
const security = bearerSecurity;

/** The server cart of spec catalogue-and-cart §7, plus a quantity update; owners only. */
export function cartRoutes(app: FastifyInstance, { service }: { service: CartService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.post(
    '/cart',
    {
      config: needs.self('body', 'user_id'),
      schema: {
        tags,
        summary: 'Add a line (priced by the server; a sku already in the cart answers 409)',
        security,
        body: addCartLineRequestSchema,
        response: { 200: cartWriteResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const data = await service.add(caller, {
        storeId: req.body.main_id,
        productId: req.body.product_id,
        sku: req.body.product_sku,
        quantity: req.body.quantity,
      });
      return { isError: false, msg: CART_MESSAGES.added, data };
    },
  );

  r.get(
    '/cart/:userId',
    {
      config: needs.self('params', 'userId'),
      schema: {
        tags,
        summary: "The user's cart, priced from the catalogue now",
        security,
        params: userIdParamsSchema,
        response: { 200: cartResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      return { isError: false as const, data: await service.list(caller) };
    },
  );

  r.patch(
    '/cart/:sku',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: 'Change the quantity of a line (1 to the stock)',
        security,
        params: skuParamsSchema,
        body: updateCartLineRequestSchema,
        response: { 200: cartWriteResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const data = await service.setQuantity(caller, req.params.sku, req.body.quantity);
      return { isError: false, msg: 'Quantity updated', data };
    },
  );

  r.delete(
    '/cart/:sku',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: "Remove a line from the caller's cart",
        security,
        params: skuParamsSchema,
        response: { 200: cartWriteResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      await service.remove(caller, req.params.sku);
      return { isError: false, msg: 'Removed from cart' };
    },
  );

  r.delete(
    '/cart/deleteall/:userId',
    {
      config: needs.self('params', 'userId'),
      schema: {
        tags,
        summary: "Empty the user's cart",
        security,
        params: userIdParamsSchema,
        response: { 200: cartWriteResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      await service.clear(caller);
      return { isError: false, msg: 'Cart emptied' };
    },
  );
}
