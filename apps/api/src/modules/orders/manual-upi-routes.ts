import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idempotencyHeadersSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  orderStatusParamsSchema,
  placeByUpiResponseSchema,
  placeOrderRequestSchema,
  submitUtrRequestSchema,
  upiConfirmRequestSchema,
  upiDecisionRequestSchema,
  upiRefundSentRequestSchema,
  upiPaymentResponseSchema,
} from '@shop/contracts';
import { BadRequest } from '../../lib/errors.ts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import type { FulfilmentService } from './fulfilment-service.ts';
import { MANUAL_UPI } from './manual-upi.ts';
import type { OrdersService } from './orders-service.ts';
import type { PlacingService } from './placing-service.ts';
import type { PaymentsService } from '../payments/index.ts';

/**
 * Manual UPI payment (the spec's paymanual, decision 0039): placing an order to pay to the
 * shop's UPI ID, reading how to pay it, the customer's UTR, and the shop's confirm or reject
 * (staff or the owner of the order's store).
 */
export function manualUpiRoutes(
  app: FastifyInstance,
  {
    fulfilment,
    payments,
    placing,
    service,
  }: {
    service: OrdersService;
    placing: PlacingService;
    fulfilment: FulfilmentService;
    payments: PaymentsService;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = bearerSecurity;

  r.post(
    '/payment/upi',
    {
      config: needs.signedIn(),
      schema: {
        tags: ['payments'],
        summary:
          "Place an order to pay by UPI to the shop's UPI ID (stock held; the shop confirms the payment)",
        security,
        headers: idempotencyHeadersSchema,
        body: placeOrderRequestSchema,
        response: { 200: placeByUpiResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      if (req.body.payment_mode !== MANUAL_UPI) {
        throw new BadRequest('Use /payment or /payment/paydelivery for this mode.', 'payment_mode');
      }
      return (await placing.place(
        callerOf(req),
        req.body,
        req.headers['idempotency-key'],
      )) as ReturnType<typeof placeByUpiResponseSchema.parse>;
    },
  );

  r.get(
    '/payment/order/:id/upi',
    {
      config: needs.signedIn(),
      schema: {
        tags: ['payments'],
        summary: 'How to pay one of the caller’s UPI orders (QR, link, UPI ID) and where it stands',
        security,
        params: orderIdParamsSchema,
        response: { 200: upiPaymentResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.upiPayment(callerOf(req), req.params.id),
    }),
  );

  r.post(
    '/payment/order/:id/utr',
    {
      config: needs.signedIn(),
      schema: {
        tags: ['payments'],
        summary:
          'The 12-digit UTR of the UPI payment for one of the caller’s orders (once per store)',
        security,
        params: orderIdParamsSchema,
        body: submitUtrRequestSchema,
        response: { 200: upiPaymentResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.submitUtr(callerOf(req), req.params.id, req.body.utr),
    }),
  );

  r.post(
    '/admin/orders/:order_id/upi/confirm',
    {
      config: needs.staff(),
      schema: {
        tags: ['admin'],
        summary:
          "The UPI payment of the UTR the staff member saw is in the shop's bank: the order is paid and Processing, the customer emailed (staff or owner; once; 409 when the customer changed the UTR since)",
        security,
        params: orderStatusParamsSchema,
        body: upiConfirmRequestSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const row = await payments.confirmUpi(
        { userId: user.id, storeId: user.storeId },
        req.params.order_id,
        { utr: req.body.utr, note: req.body.note },
      );
      return { isError: false as const, data: (await service.answerOrders([row]))[0]! };
    },
  );

  r.post(
    '/admin/orders/:order_id/upi/refund-sent',
    {
      config: needs.staff(),
      schema: {
        tags: ['admin'],
        summary:
          'The shop paid a cancelled UPI order’s refund back by UPI: recorded with that transfer’s UTR, the order Refunded once none is pending, the customer emailed (staff or owner)',
        security,
        params: orderStatusParamsSchema,
        body: upiRefundSentRequestSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const data = await fulfilment.upiRefundSent(
        { kind: 'staff', userId: user.id, storeId: user.storeId },
        req.params.order_id,
        req.body.utr,
      );
      return { isError: false as const, data };
    },
  );

  r.post(
    '/admin/orders/:order_id/upi/reject',
    {
      config: needs.staff(),
      schema: {
        tags: ['admin'],
        summary:
          'The UPI payment did not arrive: the order is cancelled, its stock released and the customer told (staff or owner)',
        security,
        params: orderStatusParamsSchema,
        body: upiDecisionRequestSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const data = await fulfilment.rejectUpi(
        { kind: 'staff', userId: user.id, storeId: user.storeId },
        req.params.order_id,
        req.body.note,
      );
      return { isError: false as const, data };
    },
  );
}
