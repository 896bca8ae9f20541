/**
 * Manual UPI payment (the spec's `paymanual`, decision 0039): the owner's UPI
 * settings, placing an order to pay by UPI, the customer's UTR, and the shop's confirm/reject.
 */
import { checkUpiId, checkUtr, UPI_MESSAGES } from '@shop/domain';
import { z } from 'zod';
import { rupeesSchema } from './common.ts';
import { orderNumberSchema, payNowPaidResponseSchema } from './payments.ts';

export const MANUAL_UPI_MESSAGES = {
  notSetUp: 'This shop does not take UPI payments at the moment.',
  needsUpiId: 'Enter the UPI ID before turning on UPI payments.',
  needsPayee: 'Enter the payee name before turning on UPI payments.',
  notUpiOrder: 'This order is not paid by UPI.',
  alreadyPaid: 'This order is already paid.',
  cancelled: 'This order was cancelled.',
  utrUsed: 'This UTR was already entered for another order. Check the number in your UPI app.',
  noUtrYet: 'The customer has not entered the UTR of a payment yet.',
  admissionsOnline: 'Admissions are paid online or on delivery.',
  noRefundPending: 'No refund of this order is waiting to be sent.',
  refundUtrUsed:
    'This UTR is already recorded for another refund. Check the number in your bank app.',
  utrTooMany: 'Too many UTR entries for now.',
  utrChanged:
    'The customer changed the UTR since you read this order. Check the new UTR in your bank, then confirm again.',
} as const;

/** GET/PUT /admin/settings/upi (owner only): the shop's UPI ID, payee name and the button. */
export const upiSettingsSchema = z
  .strictObject({
    upi_id: z
      .string({ error: 'upi_id is text.' })
      .max(330, 'At most 330 characters.')
      .transform((s, ctx) => {
        if (s.trim() === '') return '';
        const c = checkUpiId(s);
        if (c.ok) return c.upiId;
        ctx.addIssue({ code: 'custom', message: c.message });
        return z.NEVER;
      }),
    payee_name: z.string({ error: 'payee_name is text.' }).trim().max(60, 'At most 60 characters.'),
    enabled: z.boolean({ error: 'enabled is true or false.' }),
    /**
     * Which QR shoppers see: '' a QR made for each order's amount; the shop's own QR image as
     * saved (its URL, set only by POST /admin/settings/upi/qr, which checks its UPI ID). Omitted:
     * kept as saved.
     */
    qr_image: z.string({ error: 'qr_image is text.' }).max(2000).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (v.upi_id === '') {
      ctx.addIssue({ code: 'custom', path: ['upi_id'], message: MANUAL_UPI_MESSAGES.needsUpiId });
    }
    if (v.payee_name === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['payee_name'],
        message: MANUAL_UPI_MESSAGES.needsPayee,
      });
    }
  });
export type UpiSettings = z.infer<typeof upiSettingsSchema>;
export type UpiSettingsInput = z.input<typeof upiSettingsSchema>;

/** A ₹1 payment to the saved UPI ID, to scan and check the money reaches the shop's bank. */
export const upiTestPaymentSchema = z.object({
  amount: rupeesSchema,
  upi_id: z.string(),
  payee_name: z.string(),
  note: z.string(),
  link: z.string().describe('upi://pay?pa=…&pn=…&am=1.00&cu=INR&tn=Test%20payment'),
  qr_svg: z.string().describe('The link as a QR code (SVG)'),
});
export type UpiTestPayment = z.infer<typeof upiTestPaymentSchema>;

export const upiSettingsViewSchema = z.object({
  upi_id: z.string(),
  payee_name: z.string(),
  enabled: z.boolean(),
  /** The shop's own QR image shoppers see; '': a QR made for each order. */
  qr_image: z.string(),
  /** Null until a UPI ID is saved. */
  test_payment: upiTestPaymentSchema.nullable(),
});
export type UpiSettingsView = z.infer<typeof upiSettingsViewSchema>;

export const upiSettingsResponseSchema = z.object({
  isError: z.literal(false),
  data: upiSettingsViewSchema,
});
export type UpiSettingsResponse = z.infer<typeof upiSettingsResponseSchema>;

/** POST /admin/settings/upi/qr?upi_id=…: the UPI ID the uploaded QR image must pay. */
export const upiQrUploadQuerySchema = z.strictObject({
  upi_id: z
    .string({ error: 'upi_id is text.' })
    .max(330, 'At most 330 characters.')
    .transform((s, ctx) => {
      const c = checkUpiId(s);
      if (c.ok) return c.upiId;
      ctx.addIssue({ code: 'custom', message: c.message });
      return z.NEVER;
    }),
});

export const MANUAL_PAY_STATES = [
  'awaiting-payment',
  'awaiting-confirmation',
  'paid',
  'cancelled',
] as const;

/** How to pay a manual UPI order, and where its payment stands. */
export const upiPaymentSchema = z
  .object({
    order_id: z.string(),
    receipt_id: z.string(),
    /** The number the customer and the shop know the order by (`UR-10423`). */
    order_number: orderNumberSchema,
    amount: rupeesSchema.describe('What to pay, in rupees'),
    upi_id: z.string(),
    payee_name: z.string(),
    note: z.string().describe("The payment's note (tn): the order's reference"),
    link: z.string().describe('upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…'),
    qr_svg: z.string().describe('The link as a QR code (SVG)'),
    qr_image: z
      .string()
      .describe("The shop's own QR image to show instead of qr_svg (no amount in it); '' none"),
    utr: z.string().nullable(),
    state: z.enum(MANUAL_PAY_STATES),
    orderStatus: z.string(),
  })
  .meta({ id: 'UpiPayment' });
export type UpiPayment = z.infer<typeof upiPaymentSchema>;

/** POST /payment/upi: the order is placed, holding its stock, and waits for the UPI payment. */
export const payByUpiResponseSchema = z.object({
  success: z.literal(true),
  order_id: z.string(),
  receipt_id: z.string(),
  order_number: orderNumberSchema,
  totalAmountbeforePay: rupeesSchema,
  upi: upiPaymentSchema,
});
export type PayByUpiResponse = z.infer<typeof payByUpiResponseSchema>;

/** POST /payment/upi's answer: how to pay, or the order already paid (a ₹0 total). */
export const placeByUpiResponseSchema = z.union([payByUpiResponseSchema, payNowPaidResponseSchema]);

export const upiPaymentResponseSchema = z.object({
  isError: z.literal(false),
  data: upiPaymentSchema,
});
export type UpiPaymentResponse = z.infer<typeof upiPaymentResponseSchema>;

/** POST /payment/order/{id}/utr: the 12-digit UTR of the customer's UPI payment. */
export const submitUtrRequestSchema = z.strictObject({
  utr: z
    .string({ error: UPI_MESSAGES.utrInvalid })
    .max(40, UPI_MESSAGES.utrInvalid)
    .transform((s, ctx) => {
      const c = checkUtr(s);
      if (c.ok) return c.utr;
      ctx.addIssue({ code: 'custom', message: c.message });
      return z.NEVER;
    }),
});
export type SubmitUtrRequest = z.input<typeof submitUtrRequestSchema>;

/**
 * POST /admin/orders/{order_id}/upi/refund-sent: the shop paid a cancelled UPI order's refund
 * back by UPI itself; the 12-digit UTR of that transfer.
 */
export const upiRefundSentRequestSchema = submitUtrRequestSchema.meta({
  id: 'UpiRefundSentRequest',
});
export type UpiRefundSentRequest = z.input<typeof upiRefundSentRequestSchema>;

/** POST /admin/orders/{order_id}/upi/confirm and …/reject. */
export const upiDecisionRequestSchema = z
  .object({
    note: z
      .string()
      .trim()
      .max(500, { message: 'note must be at most 500 characters' })
      .default(''),
  })
  .meta({ id: 'UpiDecisionRequest' });
export type UpiDecisionRequest = z.input<typeof upiDecisionRequestSchema>;

/**
 * POST /admin/orders/{order_id}/upi/confirm: the UTR the staff member saw in the bank (the
 * order's as they read it); a UTR the customer changed since is refused (409), never confirmed.
 */
export const upiConfirmRequestSchema = upiDecisionRequestSchema
  .extend({ utr: submitUtrRequestSchema.shape.utr })
  .meta({ id: 'UpiConfirmRequest' });
export type UpiConfirmRequest = z.input<typeof upiConfirmRequestSchema>;
