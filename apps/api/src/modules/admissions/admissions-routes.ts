import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMISSION_MESSAGES,
  admissionConsentParamsSchema,
  consentConfirmRequestSchema,
  consentConfirmResponseSchema,
  consentTokenRequestSchema,
  consentViewResponseSchema,
  parentConsentRequestSchema,
  admissionCreateRequestSchema,
  admissionIdParamsSchema,
  admissionPaymentParamsSchema,
  admissionPaymentResponseSchema,
  admissionPayRequestSchema,
  admissionResponseSchema,
  admissionSingleResponseSchema,
  admissionUpdateRequestSchema,
  admissionUserParamsSchema,
  idempotencyHeadersSchema,
  placePayNowResponseSchema,
  payOnDeliveryResponseSchema,
  verifyPaymentRequestSchema,
  verifyPaymentResponseSchema,
} from '@shop/contracts';
import { BadRequest } from '../../lib/errors.ts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { AdmissionsService } from './admissions-service.ts';

const security = bearerSecurity;
const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

/** The admission form and admission payments (accounts-checkout-payments §7). */
export function admissionsRoutes(
  app: FastifyInstance,
  {
    service,
    orders,
    payments,
  }: { service: AdmissionsService; orders: OrdersService; payments: PaymentsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);
  const tags = ['admissions'];

  r.get(
    '/admission/single/:userId',
    {
      config: needs.self('params', 'userId'),
      schema: {
        tags,
        summary: "The user's admission, to prefill the form (Aadhaar masked)",
        security,
        params: admissionUserParamsSchema,
        response: { 200: admissionSingleResponseSchema, ...errors },
      },
    },
    async (req) => ({ isError: false as const, user: await service.ofUser(callerOf(req)) }),
  );

  r.post(
    '/admission',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: 'Submit the admission form (the Aadhaar is sealed at rest, answered masked)',
        security,
        body: admissionCreateRequestSchema,
        response: { 200: admissionResponseSchema, ...errors },
      },
    },
    async (req) => ({
      isError: false as const,
      message: ADMISSION_MESSAGES.submitted,
      data: await service.create(callerOf(req), req.body),
    }),
  );

  r.put(
    '/admission/:id',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: 'Update the caller’s admission (an empty or masked Aadhaar keeps the one on file)',
        security,
        params: admissionIdParamsSchema,
        body: admissionUpdateRequestSchema,
        response: { 200: admissionResponseSchema, ...errors },
      },
    },
    async (req) => ({
      isError: false as const,
      message: ADMISSION_MESSAGES.submitted,
      data: await service.update(callerOf(req), req.params.id, req.body),
    }),
  );

  r.post(
    '/admission/:id/parent-consent',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary:
          "A child's admission: declare you are the parent, or email the parent a consent link",
        security,
        params: admissionConsentParamsSchema,
        body: parentConsentRequestSchema,
        response: { 200: admissionResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { admission, message } = await service.askParentConsent(
        callerOf(req),
        req.params.id,
        req.body,
      );
      return { isError: false as const, message, data: admission };
    },
  );

  r.post(
    '/admission-consent/view',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: "What a parent's consent link asks (only the account of the email it was sent to)",
        security,
        body: consentTokenRequestSchema,
        response: { 200: consentViewResponseSchema, ...errors },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.consentView(callerOf(req), req.body.token),
    }),
  );

  r.post(
    '/admission-consent/confirm',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: "The parent consents to a child's admission from their own account (single use)",
        security,
        body: consentConfirmRequestSchema,
        response: { 200: consentConfirmResponseSchema, ...errors },
      },
    },
    async (req) => ({
      isError: false as const,
      ...(await service.confirmConsent(callerOf(req), req.body.token)),
    }),
  );

  const payTags = ['payments'];
  r.post(
    '/admission-pay',
    {
      config: needs.signedIn(),
      schema: {
        tags: payTags,
        summary: 'Pay now for courses with an admission (every amount recomputed by the server)',
        security,
        headers: idempotencyHeadersSchema,
        body: admissionPayRequestSchema,
        response: { 200: placePayNowResponseSchema, ...errors },
      },
    },
    async (req) => {
      if (req.body.payment_mode !== 'Pay now') {
        throw new BadRequest('Use /admission-pay/paydelivery to pay an advance.', 'payment_mode');
      }
      return (await service.pay(
        callerOf(req),
        req.body,
        req.headers['idempotency-key'],
      )) as ReturnType<typeof placePayNowResponseSchema.parse>;
    },
  );

  r.post(
    '/admission-pay/paydelivery',
    {
      config: needs.signedIn(),
      schema: {
        tags: payTags,
        summary: 'Pay an advance for courses with an admission, the rest later',
        security,
        headers: idempotencyHeadersSchema,
        body: admissionPayRequestSchema,
        response: { 200: payOnDeliveryResponseSchema, ...errors },
      },
    },
    async (req) => {
      if (req.body.payment_mode !== 'Pay on delivery') {
        throw new BadRequest('Use /admission-pay to pay now.', 'payment_mode');
      }
      return (await service.pay(
        callerOf(req),
        req.body,
        req.headers['idempotency-key'],
      )) as ReturnType<typeof payOnDeliveryResponseSchema.parse>;
    },
  );

  r.post(
    '/admission-pay/verify',
    {
      config: needs.signedIn(),
      schema: {
        tags: payTags,
        summary: "Confirm an admission payment with the checkout widget's signed answer",
        security,
        body: verifyPaymentRequestSchema,
        response: { 200: verifyPaymentResponseSchema, ...errors },
      },
    },
    async (req) =>
      payments.verify(callerOf(req), {
        orderId: req.body.razorpay_order_id,
        paymentId: req.body.razorpay_payment_id,
        signature: req.body.razorpay_signature,
        receiptId: req.body.receipt_id,
      }),
  );

  r.get(
    '/admission-pay/single/:id',
    {
      config: needs.signedIn(),
      schema: {
        tags: payTags,
        summary: 'One of the caller’s admission payments, by order id or receipt id',
        security,
        params: admissionPaymentParamsSchema,
        response: { 200: admissionPaymentResponseSchema, ...errors },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await orders.admissionPayment(callerOf(req), req.params.id),
    }),
  );
}
