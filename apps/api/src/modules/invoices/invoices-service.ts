import { INVOICE_MESSAGES } from '@shop/contracts/messages';
import type { OrderAddressSnapshot } from '@shop/db';
import type { ErasedRows, PersonalRows } from '../../lib/personal-rows.ts';
import {
  formatOrderNumber,
  gstStateByCode,
  invoiceDocument,
  isDispatched,
  orderNumberPrefix,
  roleSatisfies,
  variationLabel,
  type OrderStatus,
  type InvoiceAddressInput,
  type InvoiceDocument,
  type TaxDocumentKind,
} from '@shop/domain';
import type { Transaction } from '@shop/db';
import { NotFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { InvoicesRepository, TaxDocumentRow } from './invoices-repository.ts';

export const ORDER_NOT_FOUND = 'Order not found';

/** An invoice line's goods: the product and the variation bought ("Logo Tee (M / Black)"). */
const lineDescription = (name: string, attributes: Record<string, string>) => {
  const variation = variationLabel(attributes);
  return variation ? `${name} (${variation})` : name;
};

/** An order's issued documents, as the order answer carries them. */
export interface OrderTaxDocuments {
  invoice: TaxDocumentRow | null;
  creditNote: TaxDocumentRow | null;
}

const addressOf = (a: OrderAddressSnapshot): InvoiceAddressInput => ({
  name: a.user_name,
  lines: [a.location_user, a.new_address, a.area, a.city]
    .map((s) => s.trim())
    .filter((s) => s !== ''),
  pincode: a.pincode,
});

/**
 * GST tax invoices and credit notes: numbering (per store, per kind, per financial year in IST,
 * consecutive and gap-free), and the document as JSON and PDF for the order's owner or its
 * store's staff.
 */
export class InvoicesService {
  constructor(private readonly repository: InvoicesRepository) {}

  /** The tax documents of a person's orders as stored, for their data export (privacy). */
  personalRowsOf(orderIds: readonly string[]): Promise<PersonalRows[]> {
    return this.repository.personalRowsOf(orderIds);
  }

  /**
   * Issues the order's tax invoice at `at` inside the caller's transaction (the fulfilment's
   * first move to Shipped; the payment of a course-only order). A second call returns the first
   * invoice. Throws NotFound for an unknown order.
   */
  async issueInvoice(tx: Transaction, orderId: string, at: Date): Promise<TaxDocumentRow> {
    const row = await this.repository.issue(tx, orderId, 'invoice', at);
    if (!row) throw new NotFound(ORDER_NOT_FOUND, 'order_id');
    return row;
  }

  /**
   * Issues the credit note of an invoiced order that is cancelled, inside the caller's
   * transaction; idempotent. `null` when the order has no invoice (nothing to credit).
   */
  async issueCreditNote(
    tx: Transaction,
    orderId: string,
    at: Date,
  ): Promise<TaxDocumentRow | null> {
    const [invoice] = (await this.repository.documentsOf([orderId], tx)).filter(
      (d) => d.kind === 'invoice',
    );
    if (!invoice) return null;
    return this.repository.issue(tx, orderId, 'credit_note', at);
  }

  /**
   * Fulfilment's `onMoved`, inside the move's transaction: the invoice when an order first
   * leaves the shop (Shipped, or a jump past it), the credit note when an invoiced order is
   * cancelled. Both idempotent.
   */
  async afterMove(
    tx: Transaction,
    moved: { orderId: string; to: OrderStatus; at: Date },
  ): Promise<void> {
    if (isDispatched(moved.to)) await this.issueInvoice(tx, moved.orderId, moved.at);
    else if (moved.to === 'Cancelled') await this.issueCreditNote(tx, moved.orderId, moved.at);
  }

  /**
   * The orders among `orderIds` with a tax document (invoice or credit note): CGST Act s.36
   * keeps them, and the order fields their invoice prints, through a shopper's erasure (issue 61
   * item 3).
   */
  async heldOrderIds(orderIds: readonly string[]): Promise<Set<string>> {
    return new Set((await this.repository.documentsOf(orderIds)).map((d) => d.orderId));
  }

  /**
   * A shopper's erasure of the tax documents of their orders: none is changed (they hold no
   * personal column: the invoice draws the recipient from the order), each is kept under CGST
   * Act s.36 and counted.
   */
  async erasePersonalDataOf(orderIds: readonly string[]): Promise<ErasedRows[]> {
    const kept = (await this.repository.documentsOf(orderIds)).length;
    return [{ table: 'tax_documents', erased: 0, anonymised: 0, kept }];
  }

  /** The documents of many orders, in one query. */
  async documentsOf(orderIds: readonly string[]): Promise<Map<string, OrderTaxDocuments>> {
    const out = new Map<string, OrderTaxDocuments>();
    for (const d of await this.repository.documentsOf(orderIds)) {
      const entry = out.get(d.orderId) ?? { invoice: null, creditNote: null };
      if (d.kind === 'invoice') entry.invoice = d;
      else entry.creditNote = d;
      out.set(d.orderId, entry);
    }
    return out;
  }

  /**
   * The document of `kind` of an order, for its owner or its store's staff; anyone else, an
   * unknown order and a document not issued yet answer 404 (naming which).
   */
  async document(
    caller: SignedInUser,
    orderId: string,
    kind: TaxDocumentKind,
  ): Promise<InvoiceDocument> {
    const source = await this.repository.invoiceSource(orderId);
    const mayRead =
      source &&
      (source.order.userId === caller.id ||
        (roleSatisfies(caller.role, 'staff') && caller.storeId === source.order.storeId));
    if (!source || !mayRead) throw new NotFound(ORDER_NOT_FOUND, 'id');
    const docs = (await this.documentsOf([orderId])).get(orderId);
    const doc = kind === 'invoice' ? docs?.invoice : docs?.creditNote;
    if (!doc) {
      throw new NotFound(
        kind === 'invoice'
          ? INVOICE_MESSAGES.invoiceNotIssued
          : INVOICE_MESSAGES.creditNoteNotIssued,
        'kind',
      );
    }
    const { order, lines, settings, storeName } = source;
    const sellerState = gstStateByCode(order.sellerStateCode);
    return invoiceDocument(
      {
        orderNumber: formatOrderNumber(orderNumberPrefix(storeName), order.orderNumber),
        orderDate: order.createdAt,
        recipientName: order.userName || order.billingAddress.user_name,
        customerGstin: order.userGstNo,
        billing: addressOf(order.billingAddress),
        shipping: addressOf(order.shippingAddress),
        placeOfSupplyStateCode: order.shippingStateCode,
        placeOfSupplyState: order.shippingState,
        lines: lines.map((l) => ({
          description: lineDescription(l.name, l.variationAttributes),
          hsnCode: l.hsnCode,
          quantity: l.quantity,
          course: l.course,
          amountPaise: l.lineTotalPaise - l.discountPaise,
          taxablePaise: l.taxableValuePaise,
          cgstPaise: l.cgstPaise,
          sgstPaise: l.sgstPaise,
          igstPaise: l.igstPaise,
          gstRateBp: l.gstRateBp,
        })),
        amountAfterDiscountPaise: order.amountAfterDiscountPaise,
        deliveryChargePaise: order.deliveryChargePaise,
        totalPaise: order.totalAmountPaise,
        taxablePaise: order.taxableValuePaise,
        cgstPaise: order.cgstPaise,
        sgstPaise: order.sgstPaise,
        igstPaise: order.igstPaise,
      },
      {
        legalName: settings?.legalName ?? '',
        address: settings?.invoiceAddress || settings?.officeAddress || '',
        gstin: order.sellerGstin,
        state: sellerState?.name ?? settings?.state ?? '',
        stateCode: order.sellerStateCode,
      },
      {
        kind,
        number: doc.number,
        issuedAt: doc.issuedAt,
        againstInvoice:
          kind === 'credit_note' && docs?.invoice
            ? { number: docs.invoice.number, issuedAt: docs.invoice.issuedAt }
            : null,
      },
    );
  }

  /** The document as a PDF, with a file name from its number. */
  async pdf(
    caller: SignedInUser,
    orderId: string,
    kind: TaxDocumentKind,
  ): Promise<{ fileName: string; bytes: Buffer }> {
    const doc = await this.document(caller, orderId, kind);
    return {
      fileName: `${doc.number.replace(/\//g, '-')}.pdf`,
      bytes: await renderInvoicePdf(doc),
    };
  }
}
