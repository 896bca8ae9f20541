import { amountInWords } from './amount-in-words.ts';
import { gstStateByCode } from './gst-states.ts';
import { istDate, type TaxDocumentKind } from './gst-invoice-number.ts';
import { isIntraStateSupply } from './gst-tax.ts';

/** One order line as stored: amounts in paise after the coupon, the tax split stored with it. */
export interface InvoiceLineInput {
  description: string;
  hsnCode: string;
  quantity: number;
  course: boolean;
  /** What the line sold for after its coupon share, GST included. */
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  gstRateBp: number;
}

export interface InvoiceAddressInput {
  name: string;
  lines: string[];
  pincode: string;
}

/** The order as stored, in paise; its totals include the delivery charge. */
export interface InvoiceOrderInput {
  /** The order's number as people know it (`UR-10423`): the invoice's "Order Ref.". */
  orderNumber: string;
  orderDate: Date;
  recipientName: string;
  customerGstin: string;
  billing: InvoiceAddressInput;
  shipping: InvoiceAddressInput;
  placeOfSupplyStateCode: string;
  placeOfSupplyState: string;
  lines: readonly InvoiceLineInput[];
  /** The order's amount after discount (the lines at sale prices less the coupon). */
  amountAfterDiscountPaise: number;
  deliveryChargePaise: number;
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** The supplier as the store's settings hold it. */
export interface InvoiceSupplierInput {
  legalName: string;
  address: string;
  gstin: string;
  state: string;
  stateCode: string;
}

export interface InvoiceDocumentLine {
  position: number;
  description: string;
  hsnCode: string;
  quantity: number;
  /** Rule 46(i): unit quantity code (UQC). */
  unit: 'NOS' | 'OTH';
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** Everything CGST Rule 46 asks a tax invoice (or Rule 53 a credit note) to show. */
export interface InvoiceDocument {
  kind: TaxDocumentKind;
  title: 'Tax Invoice' | 'Credit Note';
  number: string;
  /** DD-MM-YYYY in IST. */
  date: string;
  /** A credit note names the invoice it cancels. */
  againstInvoice: { number: string; date: string } | null;
  orderReference: string;
  orderDate: string;
  supplier: InvoiceSupplierInput;
  recipient: {
    name: string;
    gstin: string;
    billing: InvoiceAddressInput;
    shipping: InvoiceAddressInput;
  };
  placeOfSupply: { state: string; code: string };
  intraState: boolean;
  lines: InvoiceDocumentLine[];
  totals: {
    /** The goods and courses after the coupon: the order's amount after discount. */
    itemsPaise: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    taxPaise: number;
    totalPaise: number;
  };
  amountInWords: string;
  reverseCharge: 'Tax is not payable on reverse charge';
}

/** SAC headings (chapter 99) are services; everything else is goods. */
const isService = (code: string) => code.startsWith('99');

/**
 * The delivery line's rate: the order's principal supply (the goods line with the largest
 * amount, the higher rate on a tie), the same rule checkout taxed it with (decision 0008).
 */
function principalLine(lines: readonly InvoiceLineInput[]): InvoiceLineInput | null {
  return (
    [...lines]
      .filter((l) => !l.course)
      .sort((a, b) => b.amountPaise - a.amountPaise || b.gstRateBp - a.gstRateBp)[0] ?? null
  );
}

/**
 * The content of a GST tax invoice (or credit note) for an order, from what the order stored.
 * The lines are the stored lines (amounts after the coupon); the delivery charge is a line of
 * its own, taxed as part of a composite supply at the principal supply's rate and HSN, its tax
 * being the order's stored tax less the lines' so the document adds up to the stored totals to
 * the paisa. Throws RangeError when the stored figures do not add up (the invoice would be wrong).
 */
export function invoiceDocument(
  order: InvoiceOrderInput,
  supplier: InvoiceSupplierInput,
  doc: {
    kind: TaxDocumentKind;
    number: string;
    issuedAt: Date;
    againstInvoice?: { number: string; issuedAt: Date } | null;
  },
): InvoiceDocument {
  const lines: InvoiceDocumentLine[] = order.lines.map((l, i) => ({
    position: i + 1,
    description: l.description,
    hsnCode: l.hsnCode,
    quantity: l.quantity,
    unit: isService(l.hsnCode) ? 'OTH' : 'NOS',
    taxablePaise: l.taxablePaise,
    ratePercent: l.gstRateBp / 100,
    cgstPaise: l.cgstPaise,
    sgstPaise: l.sgstPaise,
    igstPaise: l.igstPaise,
    totalPaise: l.amountPaise,
  }));
  const sum = (pick: (l: InvoiceDocumentLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const itemsPaise = sum((l) => l.totalPaise);
  if (itemsPaise !== order.amountAfterDiscountPaise) {
    throw new RangeError('The invoice lines do not add up to the amount after discount');
  }

  if (order.deliveryChargePaise > 0) {
    const principal = principalLine(order.lines);
    if (!principal) throw new RangeError('A delivery charge on an order without goods');
    const taxablePaise = order.taxablePaise - sum((l) => l.taxablePaise);
    const cgstPaise = order.cgstPaise - sum((l) => l.cgstPaise);
    const sgstPaise = order.sgstPaise - sum((l) => l.sgstPaise);
    const igstPaise = order.igstPaise - sum((l) => l.igstPaise);
    if (
      Math.min(taxablePaise, cgstPaise, sgstPaise, igstPaise) < 0 ||
      taxablePaise + cgstPaise + sgstPaise + igstPaise !== order.deliveryChargePaise
    ) {
      throw new RangeError('The stored tax of the delivery charge does not add up');
    }
    lines.push({
      position: lines.length + 1,
      description: 'Delivery charge (composite supply)',
      hsnCode: principal.hsnCode,
      quantity: 1,
      unit: 'OTH',
      taxablePaise,
      ratePercent: principal.gstRateBp / 100,
      cgstPaise,
      sgstPaise,
      igstPaise,
      totalPaise: order.deliveryChargePaise,
    });
  }

  const totals = {
    itemsPaise,
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    taxPaise: sum((l) => l.cgstPaise + l.sgstPaise + l.igstPaise),
    totalPaise: sum((l) => l.totalPaise),
  };
  if (
    totals.totalPaise !== order.totalPaise ||
    totals.taxablePaise !== order.taxablePaise ||
    totals.cgstPaise !== order.cgstPaise ||
    totals.sgstPaise !== order.sgstPaise ||
    totals.igstPaise !== order.igstPaise
  ) {
    throw new RangeError('The invoice lines do not add up to the order totals');
  }

  const state = gstStateByCode(order.placeOfSupplyStateCode);
  return {
    kind: doc.kind,
    title: doc.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note',
    number: doc.number,
    date: istDate(doc.issuedAt),
    againstInvoice: doc.againstInvoice
      ? { number: doc.againstInvoice.number, date: istDate(doc.againstInvoice.issuedAt) }
      : null,
    orderReference: order.orderNumber,
    orderDate: istDate(order.orderDate),
    supplier,
    recipient: {
      name: order.recipientName,
      gstin: order.customerGstin,
      billing: order.billing,
      shipping: order.shipping,
    },
    placeOfSupply: {
      state: state?.name ?? order.placeOfSupplyState,
      code: order.placeOfSupplyStateCode,
    },
    intraState: isIntraStateSupply(supplier.stateCode, order.placeOfSupplyStateCode),
    lines,
    totals,
    amountInWords: amountInWords(totals.totalPaise),
    reverseCharge: 'Tax is not payable on reverse charge',
  };
}
