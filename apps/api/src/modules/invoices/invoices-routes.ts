import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invoiceDocumentResponseSchema,
  invoiceQuerySchema,
  orderIdParamsSchema,
  type InvoiceDocumentAnswer,
} from '@shop/contracts';
import { paiseToRupees, type InvoiceDocument, type TaxDocumentKind } from '@shop/domain';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { InvoicesService } from './invoices-service.ts';

const tags = ['payments'];
const errors = errorResponses(400, 401, 403, 404);
/** The PDF's bytes (sent as they are; Fastify does not serialize a Buffer). */
const pdfBody = z.instanceof(Buffer).meta({ description: 'application/pdf' });
const kindOf = (kind: 'invoice' | 'credit-note'): TaxDocumentKind =>
  kind === 'invoice' ? 'invoice' : 'credit_note';

/** The document at the API edge: rupees, the spec's snake_case. */
export function invoiceAnswer(d: InvoiceDocument): InvoiceDocumentAnswer {
  const r = paiseToRupees;
  return {
    kind: d.kind === 'invoice' ? 'invoice' : 'credit-note',
    title: d.title,
    number: d.number,
    date: d.date,
    against_invoice: d.againstInvoice,
    order_reference: d.orderReference,
    order_date: d.orderDate,
    supplier: {
      legal_name: d.supplier.legalName,
      address: d.supplier.address,
      gstin: d.supplier.gstin,
      state: d.supplier.state,
      state_code: d.supplier.stateCode,
    },
    recipient: d.recipient,
    place_of_supply: d.placeOfSupply,
    intra_state: d.intraState,
    lines: d.lines.map((l) => ({
      position: l.position,
      description: l.description,
      hsn_code: l.hsnCode,
      quantity: l.quantity,
      unit: l.unit,
      taxable_value: r(l.taxablePaise),
      rate: l.ratePercent,
      cgst: r(l.cgstPaise),
      sgst: r(l.sgstPaise),
      igst: r(l.igstPaise),
      total: r(l.totalPaise),
    })),
    totals: {
      amountafterdiscount: r(d.totals.itemsPaise),
      taxable_value: r(d.totals.taxablePaise),
      cgst: r(d.totals.cgstPaise),
      sgst: r(d.totals.sgstPaise),
      igst: r(d.totals.igstPaise),
      tax: r(d.totals.taxPaise),
      total: r(d.totals.totalPaise),
    },
    amount_in_words: d.amountInWords,
    reverse_charge: d.reverseCharge,
  };
}

/** An order's tax invoice and credit note, for its owner or its store's staff. */
export function invoicesRoutes(app: FastifyInstance, { service }: { service: InvoicesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.get(
    '/payment/order/:id/invoice',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary:
          "The order's GST tax invoice as a PDF (?kind=credit-note: its credit note); the order's owner or its store's staff",
        security: bearerSecurity,
        params: orderIdParamsSchema,
        querystring: invoiceQuerySchema,
        response: { 200: pdfBody, ...errors },
      },
    },
    async (req, reply) => {
      const { fileName, bytes } = await service.pdf(
        callerOf(req),
        req.params.id,
        kindOf(req.query.kind),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );

  r.get(
    '/payment/order/:id/invoice/document',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary:
          "The order's GST tax invoice (or credit note) as data, for the printable page; owner or store staff",
        security: bearerSecurity,
        params: orderIdParamsSchema,
        querystring: invoiceQuerySchema,
        response: { 200: invoiceDocumentResponseSchema, ...errors },
      },
    },
    async (req) => ({
      isError: false as const,
      data: invoiceAnswer(
        await service.document(callerOf(req), req.params.id, kindOf(req.query.kind)),
      ),
    }),
  );
}
