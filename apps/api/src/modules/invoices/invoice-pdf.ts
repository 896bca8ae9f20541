import type { InvoiceDocument } from '@shop/domain';
import {
  A4 as PAGE,
  A4_INNER as INNER,
  pdfLabelledLines,
  pdfTable,
  startPdf,
  type PdfColumn,
} from '../../lib/pdf.ts';

const amount = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** Paise as "₹1,23,456.78". */
const inr = (paise: number) => `₹${amount.format(paise / 100)}`;
/** Paise as "1,23,456.78" (table cells; the header says ₹). */
const num = (paise: number) => amount.format(paise / 100);

/**
 * Draws a tax invoice or credit note on A4 with pdfkit: supplier, document, recipient and place
 * of supply blocks, the line table (HSN/SAC, quantity, unit, taxable value, rate, CGST+SGST or
 * IGST), totals, amount in words and the reverse-charge line. Resolves to the PDF's bytes.
 */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { pdf, done } = startPdf({
    Title: `${doc.title} ${doc.number}`,
    Author: doc.supplier.legalName,
    Subject: `${doc.title} for order ${doc.orderReference}`,
  });

  const left = PAGE.margin;
  const text = (value: string, x: number, y: number, o: PDFKit.Mixins.TextOptions = {}) =>
    pdf.text(value, x, y, { lineBreak: true, ...o });

  // Title.
  pdf.font('bold').fontSize(16);
  text(doc.title, left, PAGE.margin, { width: INNER, align: 'center' });
  pdf.font('regular').fontSize(8).fillColor('#444');
  text(
    doc.kind === 'invoice'
      ? 'Original for recipient (CGST Rule 46)'
      : 'Credit note under section 34 of the CGST Act (Rule 53)',
    left,
    pdf.y + 2,
    { width: INNER, align: 'center' },
  );
  pdf.fillColor('black');

  // Supplier (left) and document (right).
  const top = pdf.y + 12;
  const half = INNER / 2 - 6;
  pdf.font('bold').fontSize(11);
  text(doc.supplier.legalName, left, top, { width: half });
  pdf.font('regular').fontSize(9);
  text(doc.supplier.address, left, pdf.y + 2, { width: half });
  text(`GSTIN: ${doc.supplier.gstin || 'Not registered'}`, left, pdf.y + 2, { width: half });
  text(`State: ${doc.supplier.state} (code ${doc.supplier.stateCode})`, left, pdf.y + 2, {
    width: half,
  });
  const supplierBottom = pdf.y;

  const right = left + INNER / 2 + 6;
  const meta: [string, string][] = [
    [doc.kind === 'invoice' ? 'Invoice No.' : 'Credit Note No.', doc.number],
    [doc.kind === 'invoice' ? 'Invoice Date' : 'Date', doc.date],
    ...(doc.againstInvoice
      ? ([
          ['Against Invoice', doc.againstInvoice.number],
          ['Invoice Date', doc.againstInvoice.date],
        ] as [string, string][])
      : []),
    ['Order Ref.', doc.orderReference],
    ['Order Date', doc.orderDate],
    ['Place of Supply', `${doc.placeOfSupply.state} (${doc.placeOfSupply.code})`],
    ['Reverse Charge', 'No'],
  ];
  let y = pdfLabelledLines(pdf, meta, {
    x: right,
    y: top,
    width: half,
    labelWidth: 95,
    fontSize: 9,
  });

  // Recipient: billing and shipping.
  y = Math.max(supplierBottom, y) + 10;
  pdf
    .moveTo(left, y)
    .lineTo(left + INNER, y)
    .strokeColor('#999')
    .stroke();
  y += 6;
  const party = (title: string, a: InvoiceDocument['recipient']['billing'], x: number) => {
    pdf.font('bold').fontSize(9);
    text(title, x, y, { width: half });
    pdf.font('regular');
    text(doc.recipient.name || a.name, x, pdf.y + 2, { width: half });
    text([...a.lines, a.pincode].filter(Boolean).join(', '), x, pdf.y + 1, { width: half });
    if (doc.recipient.gstin) text(`GSTIN: ${doc.recipient.gstin}`, x, pdf.y + 1, { width: half });
    return pdf.y;
  };
  const billed = party('Billed to', doc.recipient.billing, left);
  const shipped = party('Shipped to', doc.recipient.shipping, right);
  y = Math.max(billed, shipped) + 10;

  // The line table.
  const igst = !doc.intraState;
  const cols: PdfColumn[] = [
    { title: '#', width: 18, align: 'left' },
    { title: 'Description', width: igst ? 150 : 118, align: 'left' },
    { title: 'HSN/SAC', width: 44, align: 'left' },
    { title: 'Qty', width: 26, align: 'right' },
    { title: 'Unit', width: 28, align: 'center' },
    { title: 'Taxable ₹', width: 62, align: 'right' },
    { title: 'Rate', width: 34, align: 'right' },
    ...(igst
      ? [{ title: 'IGST ₹', width: 58, align: 'right' as const }]
      : [
          { title: 'CGST ₹', width: 45, align: 'right' as const },
          { title: 'SGST ₹', width: 45, align: 'right' as const },
        ]),
  ];
  const used = cols.reduce((s, c) => s + c.width, 0);
  cols.push({ title: 'Total ₹', width: INNER - used, align: 'right' });
  const table = pdfTable(pdf, { columns: cols, top: y, fontSize: 8, gap: 4, keepBottom: 160 });
  const row = (cells: string[], font: 'regular' | 'bold') => table.row(cells, font);
  pdf
    .rect(left, table.y - 3, INNER, 16)
    .fillColor('#eee')
    .fill()
    .fillColor('black');
  row(
    cols.map((c) => c.title),
    'bold',
  );
  for (const l of doc.lines) {
    row(
      [
        String(l.position),
        l.description,
        l.hsnCode,
        String(l.quantity),
        l.unit,
        num(l.taxablePaise),
        `${l.ratePercent}%`,
        ...(igst ? [num(l.igstPaise)] : [num(l.cgstPaise), num(l.sgstPaise)]),
        num(l.totalPaise),
      ],
      'regular',
    );
  }
  pdf
    .moveTo(left, table.y)
    .lineTo(left + INNER, table.y)
    .stroke();
  table.y += 4;
  row(
    [
      '',
      'Total',
      '',
      '',
      '',
      num(doc.totals.taxablePaise),
      '',
      ...(igst
        ? [num(doc.totals.igstPaise)]
        : [num(doc.totals.cgstPaise), num(doc.totals.sgstPaise)]),
      num(doc.totals.totalPaise),
    ],
    'bold',
  );

  // Totals.
  y = table.y + 6;
  const totals: [string, string][] = [
    ['Items after discount', inr(doc.totals.itemsPaise)],
    ['Taxable value', inr(doc.totals.taxablePaise)],
    ...(igst
      ? ([['IGST', inr(doc.totals.igstPaise)]] as [string, string][])
      : ([
          ['CGST', inr(doc.totals.cgstPaise)],
          ['SGST', inr(doc.totals.sgstPaise)],
        ] as [string, string][])),
    ['Total tax', inr(doc.totals.taxPaise)],
    [doc.kind === 'invoice' ? 'Invoice total' : 'Credit note total', inr(doc.totals.totalPaise)],
  ];
  for (const [label, value] of totals) {
    pdf.font(label.endsWith('total') ? 'bold' : 'regular').fontSize(9);
    text(label, right, y, { width: 120 });
    text(value, right + 120, y, { width: half - 120, align: 'right' });
    y = pdf.y + 2;
  }
  y += 6;
  pdf.font('bold').fontSize(9);
  text('Amount in words:', left, y, { width: INNER });
  pdf.font('regular');
  text(doc.amountInWords, left, pdf.y + 1, { width: INNER });
  text(doc.reverseCharge + '.', left, pdf.y + 6, { width: INNER });

  y = pdf.y + 24;
  pdf.font('bold');
  text(`For ${doc.supplier.legalName}`, right, y, { width: half, align: 'right' });
  pdf.font('regular').fontSize(8).fillColor('#444');
  text(
    'Authorised signatory. This document is generated electronically and needs no signature.',
    right,
    pdf.y + 18,
    { width: half, align: 'right' },
  );
  pdf.end();
  return done;
}
