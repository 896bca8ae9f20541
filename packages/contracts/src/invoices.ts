/** GST tax invoices and credit notes of an order: GET /payment/order/{id}/invoice[/document]. */
import { z } from 'zod';
import { rupeesSchema } from './common.ts';

/** `?kind=`: the tax invoice (default) or the credit note that cancels it. */
export const invoiceQuerySchema = z.object({
  kind: z
    .enum(['invoice', 'credit-note'], { message: 'kind must be invoice or credit-note' })
    .default('invoice'),
});
export type InvoiceQuery = z.infer<typeof invoiceQuerySchema>;

const addressSchema = z.object({
  name: z.string(),
  lines: z.array(z.string()),
  pincode: z.string(),
});

/** One line of the document: a product, course or the delivery charge. */
export const invoiceLineSchema = z
  .object({
    position: z.number().int(),
    description: z.string(),
    hsn_code: z.string().describe('HSN (goods) or SAC (services)'),
    quantity: z.number().int(),
    unit: z.enum(['NOS', 'OTH']),
    taxable_value: rupeesSchema,
    rate: z.number().describe('GST rate in percent'),
    cgst: rupeesSchema,
    sgst: rupeesSchema,
    igst: rupeesSchema,
    total: rupeesSchema,
  })
  .meta({ id: 'InvoiceLine' });

/** A GST tax invoice (CGST Rule 46) or credit note (Rule 53), amounts in rupees. */
export const invoiceDocumentSchema = z
  .object({
    kind: z.enum(['invoice', 'credit-note']),
    title: z.enum(['Tax Invoice', 'Credit Note']),
    number: z.string().max(16),
    date: z.string().describe('DD-MM-YYYY, IST'),
    against_invoice: z.object({ number: z.string(), date: z.string() }).nullable(),
    order_reference: z.string(),
    order_date: z.string(),
    supplier: z.object({
      legal_name: z.string(),
      address: z.string(),
      gstin: z.string(),
      state: z.string(),
      state_code: z.string(),
    }),
    recipient: z.object({
      name: z.string(),
      gstin: z.string(),
      billing: addressSchema,
      shipping: addressSchema,
    }),
    place_of_supply: z.object({ state: z.string(), code: z.string() }),
    intra_state: z.boolean(),
    lines: z.array(invoiceLineSchema),
    totals: z.object({
      amountafterdiscount: rupeesSchema.describe(
        "The lines at sale prices less the coupon: the order's amountafterdiscount",
      ),
      taxable_value: rupeesSchema,
      cgst: rupeesSchema,
      sgst: rupeesSchema,
      igst: rupeesSchema,
      tax: rupeesSchema,
      total: rupeesSchema,
    }),
    amount_in_words: z.string(),
    reverse_charge: z.string(),
  })
  .meta({ id: 'InvoiceDocument' });
export type InvoiceDocumentAnswer = z.infer<typeof invoiceDocumentSchema>;

export const invoiceDocumentResponseSchema = z.object({
  isError: z.literal(false),
  data: invoiceDocumentSchema,
});
