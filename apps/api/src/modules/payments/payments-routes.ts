import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  razorpayWebhookHeadersSchema,
  razorpayWebhookSchema,
  verifyPaymentRequestSchema,
  verifyPaymentResponseSchema,
  webhookResponseSchema,
} from '@shop/contracts';
import { BadRequest } from '../../lib/errors.ts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { PaymentsService } from './payments-service.ts';

const tags = ['payments'];
const security = bearerSecurity;
const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** Confirming payments: the checkout widget's signed answer and the gateway's webhook. */
export function paymentsRoutes(app: FastifyInstance, { service }: { service: PaymentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.post(
    '/payment/verify',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: "Confirm a payment with the checkout widget's signed answer",
        security,
        body: verifyPaymentRequestSchema,
        response: { 200: verifyPaymentResponseSchema, ...errors },
      },
    },
    async (req) =>
      service.verify(callerOf(req), {
        orderId: req.body.razorpay_order_id,
        paymentId: req.body.razorpay_payment_id,
        signature: req.body.razorpay_signature,
        receiptId: req.body.receipt_id,
      }),
  );

  // The webhook reads its raw body (the HMAC is over the bytes as sent): its own scope with a
  // JSON parser that keeps them, for this route only.
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  app.register((scope, _o, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (req, body: Buffer, parsed) => {
        rawBodies.set(req, body);
        try {
          parsed(null, JSON.parse(body.toString('utf8')));
        } catch {
          parsed(new BadRequest('The webhook body is not JSON.', 'body'), undefined);
        }
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/payment/webhook',
      {
        schema: {
          tags,
          summary:
            "The gateway's signed webhook (order.paid, payment.captured, payment.failed, refund.processed)",
          headers: razorpayWebhookHeadersSchema,
          body: razorpayWebhookSchema,
          response: { 200: webhookResponseSchema, ...errorResponses(400) },
        },
      },
      async (req) => {
        await service.webhook(
          rawBodies.get(req) ?? Buffer.alloc(0),
          req.headers['x-razorpay-signature'],
          req.headers['x-razorpay-event-id'],
          req.body,
        );
        return { status: 'ok' as const };
      },
    );
    done();
  });
}
