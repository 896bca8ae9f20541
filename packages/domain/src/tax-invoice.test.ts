import { describe, expect, it } from 'vitest';
import { composeOrderSummary } from './order-summary.ts';
import { invoiceDocument, type InvoiceOrderInput } from './tax-invoice.ts';

const supplier = {
  legalName: 'Urban Roll Sports LLP',
  address: 'Shop 4, Andheri West, Mumbai, Maharashtra 400058',
  gstin: '27AAHFU4821R1ZH',
  state: 'Maharashtra',
  stateCode: '27',
};
const address = { name: 'Asha Rao', lines: ['12 MG Road'], pincode: '560001' };

/** An order as checkout would store it, from the domain's own summary. */
function orderOf(intraState: boolean, delivery: number, coupon: number): InvoiceOrderInput {
  const items = [
    {
      description: 'Inline skates',
      hsn: '9506',
      price: 349_900,
      sale: 0,
      qty: 1,
      rate: 12,
      course: false,
    },
    // On sale: ₹1,099.50 listed, sold at ₹999.50.
    {
      description: 'Helmet',
      hsn: '6506',
      price: 109_950,
      sale: 99_950,
      qty: 3,
      rate: 18,
      course: false,
    },
    {
      description: 'Skating course',
      hsn: '9992',
      price: 450_000,
      sale: 0,
      qty: 1,
      rate: 18,
      course: true,
    },
  ];
  const s = composeOrderSummary({
    lines: items.map((i) => ({
      listPricePaise: i.price,
      salePricePaise: i.sale,
      quantity: i.qty,
      gstRule: { ratePercent: i.rate },
      isCourse: i.course,
    })),
    couponDiscountPaise: coupon,
    deliveryChargePaise: delivery,
    intraState,
    advancePercent: null,
  });
  return {
    orderNumber: 'UR-10001',
    orderDate: new Date('2026-11-20T06:00:00Z'),
    recipientName: 'Asha Rao',
    customerGstin: '',
    billing: address,
    shipping: address,
    placeOfSupplyStateCode: intraState ? '27' : '29',
    placeOfSupplyState: intraState ? 'Maharashtra' : 'Karnataka',
    lines: items.map((it, i) => ({
      description: it.description,
      hsnCode: it.hsn,
      quantity: it.qty,
      course: it.course,
      amountPaise: s.lines[i]!.amountPaise,
      taxablePaise: s.lines[i]!.gst.taxablePaise,
      cgstPaise: s.lines[i]!.gst.cgstPaise,
      sgstPaise: s.lines[i]!.gst.sgstPaise,
      igstPaise: s.lines[i]!.gst.igstPaise,
      gstRateBp: it.rate * 100,
    })),
    amountAfterDiscountPaise: s.amountAfterDiscountPaise,
    deliveryChargePaise: delivery,
    totalPaise: s.totalPaise,
    taxablePaise: s.gst.taxablePaise,
    cgstPaise: s.gst.cgstPaise,
    sgstPaise: s.gst.sgstPaise,
    igstPaise: s.gst.igstPaise,
  };
}

const issued = {
  kind: 'invoice' as const,
  number: 'INV/2627/000007',
  issuedAt: new Date('2027-03-31T18:30:00Z'),
};

describe('invoiceDocument', () => {
  it('adds up to the stored totals exactly, the delivery a line of its own at the principal rate', () => {
    const order = orderOf(true, 9900, 30_000);
    const doc = invoiceDocument(order, supplier, issued);
    expect(doc.lines).toHaveLength(4);
    const delivery = doc.lines[3]!;
    // The principal supply is the skates (the largest goods line), 12 %, HSN 9506.
    expect(delivery).toMatchObject({
      hsnCode: '9506',
      ratePercent: 12,
      totalPaise: 9900,
      unit: 'OTH',
    });
    expect(delivery.description).toContain('Delivery charge');
    expect(delivery.taxablePaise + delivery.cgstPaise + delivery.sgstPaise).toBe(9900);
    expect(doc.totals.totalPaise).toBe(order.totalPaise);
    expect(doc.totals.taxablePaise + doc.totals.taxPaise).toBe(order.totalPaise);
    // The items at sale prices less the coupon: 3,499 + 3 x 999.50 + 4,500 - 300.
    expect(doc.totals.itemsPaise).toBe(1_099_750 - 30_000);
    expect(doc.totals.itemsPaise).toBe(order.amountAfterDiscountPaise);
    expect(doc.totals.itemsPaise + 9900).toBe(doc.totals.totalPaise);
    expect(doc.totals.cgstPaise).toBe(order.cgstPaise);
    expect(doc.totals.igstPaise).toBe(0);
    expect(doc.intraState).toBe(true);
  });

  it('carries Rule 46 particulars: number, IST date, place of supply, units, words, reverse charge', () => {
    const order = orderOf(false, 0, 0);
    const doc = invoiceDocument({ ...order, customerGstin: '29AAACR5055K1Z5' }, supplier, issued);
    expect(doc.title).toBe('Tax Invoice');
    expect(doc.number).toBe('INV/2627/000007');
    expect(doc.date).toBe('01-04-2027');
    expect(doc.placeOfSupply).toEqual({ state: 'Karnataka', code: '29' });
    expect(doc.intraState).toBe(false);
    expect(doc.recipient.gstin).toBe('29AAACR5055K1Z5');
    expect(doc.lines.map((l) => l.unit)).toEqual(['NOS', 'NOS', 'OTH']);
    expect(doc.lines).toHaveLength(3);
    expect(doc.totals.igstPaise).toBe(order.igstPaise);
    expect(doc.totals.cgstPaise + doc.totals.sgstPaise).toBe(0);
    // 3,499 + 3 x 999.50 + 4,500 = 10,997.50
    expect(doc.totals.totalPaise).toBe(1_099_750);
    expect(doc.amountInWords).toBe(
      'Rupees Ten Thousand Nine Hundred Ninety Seven and Fifty Paise Only',
    );
    expect(doc.reverseCharge).toBe('Tax is not payable on reverse charge');
  });

  it('names the invoice a credit note cancels', () => {
    const doc = invoiceDocument(orderOf(true, 0, 0), supplier, {
      kind: 'credit_note',
      number: 'CN/2627/000001',
      issuedAt: new Date('2026-12-01T06:00:00Z'),
      againstInvoice: { number: 'INV/2627/000007', issuedAt: new Date('2026-11-25T06:00:00Z') },
    });
    expect(doc.title).toBe('Credit Note');
    expect(doc.againstInvoice).toEqual({ number: 'INV/2627/000007', date: '25-11-2026' });
  });

  it('refuses stored figures that do not add up', () => {
    const order = orderOf(true, 9900, 0);
    expect(() =>
      invoiceDocument({ ...order, cgstPaise: order.cgstPaise + 1 }, supplier, issued),
    ).toThrow(RangeError);
    expect(() =>
      invoiceDocument({ ...order, totalPaise: order.totalPaise + 1 }, supplier, issued),
    ).toThrow(RangeError);
    expect(() =>
      invoiceDocument(
        { ...order, amountAfterDiscountPaise: order.amountAfterDiscountPaise + 1 },
        supplier,
        issued,
      ),
    ).toThrow(RangeError);
    const courses = order.lines.filter((l) => l.course);
    const coursesOnly = {
      ...order,
      lines: courses,
      amountAfterDiscountPaise: courses.reduce((n, l) => n + l.amountPaise, 0),
    };
    expect(() => invoiceDocument(coursesOnly, supplier, issued)).toThrow(RangeError);
  });
});
