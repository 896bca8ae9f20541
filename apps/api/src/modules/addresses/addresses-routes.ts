import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addressDeletedResponseSchema,
  addressInputSchema,
  addressListResponseSchema,
  addressResponseSchema,
  createAddressRequestSchema,
  idParamsSchema,
  resetDefaultParamsSchema,
  savedAddressResponseSchema,
  setDefaultAddressRequestSchema,
  userIdParamsSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { AddressesService } from './addresses-service.ts';

const tags = ['addresses'];
const errors = errorResponses(400, 401, 403, 404);
const security = bearerSecurity;

/** The address calls of spec accounts-checkout-payments §7; owners only. */
export function addressesRoutes(app: FastifyInstance, { service }: { service: AddressesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.get(
    '/address/:userId',
    {
      config: needs.self('params', 'userId'),
      schema: {
        tags,
        summary: "The user's addresses",
        security,
        params: userIdParamsSchema,
        response: { 200: addressListResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      return { isError: false as const, data: await service.list(caller) };
    },
  );

  r.post(
    '/address',
    {
      config: needs.self('body', 'user_id'),
      schema: {
        tags,
        summary: 'Add an address (coordinates are filled by geocoding)',
        security,
        body: createAddressRequestSchema,
        response: { 200: savedAddressResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const data = await service.create(caller, req.body);
      return { isError: false as const, message: 'Address saved', data };
    },
  );

  r.put(
    '/address/:id',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: 'Change an address',
        security,
        params: idParamsSchema,
        body: addressInputSchema,
        response: { 200: savedAddressResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const data = await service.update(caller, req.params.id, req.body);
      return { isError: false as const, message: 'Address updated', data };
    },
  );

  r.delete(
    '/address/:id',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: 'Delete an address',
        security,
        params: idParamsSchema,
        response: { 200: addressDeletedResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      await service.delete(caller, req.params.id);
      return { isError: false as const, message: 'Address deleted' };
    },
  );

  r.patch(
    '/address/:id',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary:
          'Make an address the default shipping (defaultaddressS) or billing (defaultaddressB)',
        security,
        params: idParamsSchema,
        body: setDefaultAddressRequestSchema,
        response: { 200: addressResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const data = await service.setDefault(caller, req.params.id, {
        shipping: req.body.defaultaddressS === true,
        billing: req.body.defaultaddressB === true,
      });
      return { isError: false as const, message: 'Default address set', data };
    },
  );

  r.patch(
    '/address/reset-default/:kind/:userId',
    {
      config: needs.self('params', 'userId'),
      schema: {
        tags,
        summary: 'Clear the default shipping or billing address',
        security,
        params: resetDefaultParamsSchema,
        response: { 200: addressDeletedResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      await service.resetDefault(caller, req.params.kind);
      return { isError: false as const, message: `Default ${req.params.kind} address cleared` };
    },
  );
}
