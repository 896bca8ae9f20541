import type { OrderAddressSnapshot } from '@shop/db';
import { formatPaymentTime } from '@shop/domain';
import {
  A4,
  A4_INNER,
  pdfLabelledLines,
  pdfTable,
  startPdf,
  type PdfColumn,
} from '../../lib/pdf.ts';

/** What a packing slip shows: who sends, to whom, and what goes in the box; no prices. */
export interface PackingSlip {
  shopName: string;
  shopAddress: string;
  receiptId: string;
  placedAt: Date;
  paymentMode: string;
  /** Whether the courier collects money at the door (the amount is not printed). */
  collectOnDelivery: boolean;
  shipTo: OrderAddressSnapshot;
  customerName: string;
  mobile: string;
  customerNote: string;
  courier: string;
  trackingNumber: string;
  lines: { name: string; sku: string; attributes: Record<string, string>; quantity: number }[];
}

/** Draws the packing slip on A4 (pdfkit, DejaVu Sans); resolves to the PDF's bytes. */
export function renderPackingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  const { pdf, done } = startPdf({
    Title: `Packing slip ${slip.receiptId}`,
    Author: slip.shopName,
    Subject: `Packing slip for order ${slip.receiptId}`,
  });
  const left = A4.margin;
  const half = A4_INNER / 2 - 6;
  const right = left + A4_INNER / 2 + 6;
  const text = (value: string, x: number, y: number, o: PDFKit.Mixins.TextOptions = {}) =>
    pdf.text(value, x, y, { lineBreak: true, ...o });

  pdf.font('bold').fontSize(16);
  text('Packing slip', left, A4.margin, { width: A4_INNER, align: 'center' });

  const top = pdf.y + 12;
  pdf.font('bold').fontSize(10);
  text('From', left, top, { width: half });
  pdf.font('regular').fontSize(10);
  text(slip.shopName, left, pdf.y + 2, { width: half });
  text(slip.shopAddress, left, pdf.y + 1, { width: half });
  const fromBottom = pdf.y;

  const meta: [string, string][] = [
    ['Order', slip.receiptId],
    ['Placed', formatPaymentTime(slip.placedAt) ?? ''],
    ['Payment', slip.collectOnDelivery ? `${slip.paymentMode} (collect at door)` : 'Prepaid'],
    ...(slip.courier ? ([['Courier', slip.courier]] as [string, string][]) : []),
    ...(slip.trackingNumber ? ([['Tracking no.', slip.trackingNumber]] as [string, string][]) : []),
  ];
  let y = pdfLabelledLines(pdf, meta, {
    x: right,
    y: top,
    width: half,
    labelWidth: 85,
    fontSize: 10,
  });

  y = Math.max(fromBottom, y) + 14;
  pdf.rect(left, y, A4_INNER, 1).fillColor('#999').fill().fillColor('black');
  y += 10;
  const a = slip.shipTo;
  pdf.font('bold').fontSize(12);
  text('Ship to', left, y, { width: A4_INNER });
  pdf.font('regular').fontSize(12);
  text(a.user_name || slip.customerName, left, pdf.y + 2, { width: A4_INNER });
  text(
    [a.new_address, a.area, a.city].filter(Boolean).join(', ') + ` ${a.pincode}`,
    left,
    pdf.y + 1,
    { width: A4_INNER },
  );
  text(`Mobile: ${slip.mobile}`, left, pdf.y + 1, { width: A4_INNER });
  if (slip.customerNote) {
    pdf.fontSize(10);
    text(`Note: ${slip.customerNote}`, left, pdf.y + 4, { width: A4_INNER });
  }

  const cols: PdfColumn[] = [
    { title: '#', width: 24, align: 'left' },
    { title: 'Item', width: A4_INNER - 24 - 130 - 50, align: 'left' },
    { title: 'SKU', width: 130, align: 'left' },
    { title: 'Qty', width: 50, align: 'right' },
  ];
  const table = pdfTable(pdf, {
    columns: cols,
    top: pdf.y + 16,
    fontSize: 10,
    gap: 6,
    keepBottom: 80,
  });
  const row = (cells: string[], font: 'regular' | 'bold') => table.row(cells, font);
  pdf
    .rect(left, table.y - 3, A4_INNER, 18)
    .fillColor('#eee')
    .fill()
    .fillColor('black');
  row(
    cols.map((c) => c.title),
    'bold',
  );
  slip.lines.forEach((l, i) => {
    const variant = Object.entries(l.attributes)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    row(
      [String(i + 1), variant ? `${l.name} (${variant})` : l.name, l.sku, String(l.quantity)],
      'regular',
    );
  });
  pdf.rect(left, table.y, A4_INNER, 1).fillColor('#999').fill().fillColor('black');
  table.y += 6;
  row(['', 'Units in all', '', String(slip.lines.reduce((n, l) => n + l.quantity, 0))], 'bold');
  pdf.end();
  return done;
}
