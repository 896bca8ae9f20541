/**
 * The sandbox gateway's checkout (PAYMENT_GATEWAY=sandbox): the script the web app loads
 * instead of Razorpay's checkout.js, and the endpoint its modal calls to pay or fail.
 *
 * Interface for the web app (the same as Razorpay's checkout.js, so one code path serves both):
 *
 *   <script src="/api/sandbox/checkout.js">   (razorpay: https://checkout.razorpay.com/v1/checkout.js)
 *   GET /api/pay-razorpay/{storeId} → { key_id, company_name, company_color, gateway }
 *     gateway 'sandbox' → load /api/sandbox/checkout.js; 'razorpay' → Razorpay's script.
 *   const rzp = new window.Razorpay({
 *     key: razorpay_order.key_id, order_id: razorpay_order.id, amount: razorpay_order.amount
 *     (paise), currency: 'INR', name: company_name, description, prefill: { name, email,
 *     contact }, theme: { color: company_color },
 *     handler(res) { res = { razorpay_payment_id, razorpay_order_id, razorpay_signature }
 *       → POST /api/payment/verify { ...res, key_id, receipt_id } → /payment-success/{order_id} },
 *     modal: { ondismiss() { stay on checkout, allow a retry } },
 *   });
 *   rzp.on('payment.failed', (res) => { res.error = { code, description, source, step,
 *     reason, metadata: { order_id, payment_id } } → /payment-failed/{order_id} });
 *   rzp.open();
 *
 * The modal (data-testid="sandbox-checkout") has radio buttons sandbox-method-upi / -card /
 * -netbanking, buttons sandbox-pay, sandbox-fail and sandbox-close (×). Pay and Fail call
 *   POST /api/sandbox/pay { order_id, method: 'upi'|'card'|'netbanking',
 *                           outcome: 'success'|'failure', email?, contact? }
 *   → 200 { ok: true, answer: { razorpay_payment_id, razorpay_order_id, razorpay_signature } }
 *   → 200 { ok: false, answer: { error: {…} } }   (a failed payment, as Razorpay reports it)
 *   → 400/404 { msg, field } (unknown or already paid order)
 * signed with the store's key secret exactly as Razorpay's handler receives them; the sandbox
 * then posts the matching webhooks (order.paid + payment.captured, or payment.failed) to
 * PUBLIC_URL/api/payment/webhook (default http://localhost:PORT), after a short delay and
 * sometimes twice. Both routes answer 404 when PAYMENT_GATEWAY=razorpay.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SandboxGateway } from '../../adapters/sandbox-gateway.ts';
import { GatewayError } from '../../adapters/payment-gateway.ts';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import { errorResponses } from '../../plugins/private-routes.ts';
import type { StoreGateways } from '../checkout/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { SANDBOX_CHECKOUT_JS } from './sandbox-checkout-script.ts';

const tags = ['sandbox'];
const NOT_SANDBOX = 'The sandbox gateway is not in use.';

const payBody = z.object({
  order_id: z
    .string()
    .trim()
    .regex(/^order_[A-Za-z0-9]{6,40}$/, { message: 'Unknown order' }),
  method: z.enum(['upi', 'card', 'netbanking'], { message: 'Choose UPI, card or net banking.' }),
  outcome: z.enum(['success', 'failure']),
  email: z.string().max(200).optional(),
  contact: z.string().max(20).optional(),
});

const payAnswer = z.object({ ok: z.boolean(), answer: z.record(z.string(), z.unknown()) });

export function sandboxCheckoutRoutes(
  app: FastifyInstance,
  o: { gateways: StoreGateways; payments: PaymentsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/sandbox/checkout.js',
    { schema: { tags, summary: "The sandbox's checkout script (window.Razorpay)" } },
    async (_req, reply) => {
      if (o.gateways.name !== 'sandbox') throw new NotFound(NOT_SANDBOX);
      return reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(SANDBOX_CHECKOUT_JS);
    },
  );

  r.post(
    '/sandbox/pay',
    {
      schema: {
        tags,
        summary: "The sandbox modal's Pay / Fail: answers as Razorpay's handler receives it",
        body: payBody,
        response: { 200: payAnswer, ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      if (o.gateways.name !== 'sandbox') throw new NotFound(NOT_SANDBOX);
      const storeId = await o.payments.storeOfGatewayOrder(req.body.order_id);
      if (!storeId) throw new NotFound('Unknown order', 'order_id');
      const gateway = (await o.gateways.forStore(storeId)) as SandboxGateway;
      try {
        const result = await gateway.pay({
          orderId: req.body.order_id,
          method: req.body.method,
          outcome: req.body.outcome,
          ...(req.body.email ? { email: req.body.email } : {}),
          ...(req.body.contact ? { contact: req.body.contact } : {}),
        });
        return { ok: result.ok, answer: { ...result.answer } };
      } catch (err) {
        if (err instanceof GatewayError) throw new BadRequest(err.message, 'order_id');
        throw err;
      }
    },
  );
}
