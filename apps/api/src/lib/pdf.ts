import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * DejaVu Sans (npm dejavu-fonts-ttf; Bitstream Vera licence with DejaVu changes in the public
 * domain, embedding allowed): it has the rupee sign (U+20B9), which the PDF standard fonts lack.
 * Read once from the package, never downloaded.
 */
const require = createRequire(import.meta.url);
const fontPath = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(fontPath('DejaVuSans.ttf')),
    bold: readFileSync(fontPath('DejaVuSans-Bold.ttf')),
  });

/** A4 in points, with the margin every document of the shop uses. */
export const A4 = { width: 595.28, height: 841.89, margin: 36 };
export const A4_INNER = A4.width - 2 * A4.margin;

/**
 * A new A4 pdfkit document with the fonts `regular` and `bold` registered, and a promise of its
 * bytes once `pdf.end()` is called.
 */
export function startPdf(info: PDFKit.DocumentInfo): {
  pdf: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const { regular, bold } = loadFonts();
  const pdf = new PDFDocument({ size: 'A4', margin: A4.margin, info });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, done };
}

/**
 * Label and value pairs, one under the other, from (x, y): each label bold in `labelWidth`, its
 * value beside it wrapping within the rest of `width`. Answers where the block ends.
 */
export function pdfLabelledLines(
  pdf: PDFKit.PDFDocument,
  lines: [label: string, value: string][],
  o: { x: number; y: number; width: number; labelWidth: number; fontSize: number },
): number {
  let y = o.y;
  for (const [label, value] of lines) {
    pdf.font('bold').fontSize(o.fontSize);
    pdf.text(label, o.x, y, { lineBreak: true, width: o.labelWidth });
    pdf.font('regular');
    pdf.text(value, o.x + o.labelWidth, y, { lineBreak: true, width: o.width - o.labelWidth });
    y = pdf.y + 2;
  }
  return y;
}

export interface PdfColumn {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

/**
 * A table drawn row by row from `y`: each cell wraps within its column, the row is as tall as
 * its tallest cell plus `gap`, and a new page starts when fewer than `keepBottom` points are
 * left. `row` draws one row and moves on; `y` reads where the next row starts.
 */
export function pdfTable(
  pdf: PDFKit.PDFDocument,
  o: { columns: PdfColumn[]; top: number; fontSize: number; gap: number; keepBottom: number },
) {
  let y = o.top;
  return {
    get y() {
      return y;
    },
    set y(at: number) {
      y = at;
    },
    row(cells: string[], font: 'regular' | 'bold') {
      pdf.font(font).fontSize(o.fontSize);
      let x = A4.margin;
      let bottom = y;
      cells.forEach((cell, i) => {
        const c = o.columns[i]!;
        pdf.text(cell, x + 2, y, { lineBreak: true, width: c.width - 4, align: c.align });
        bottom = Math.max(bottom, pdf.y);
        x += c.width;
      });
      y = bottom + o.gap;
      if (y > A4.height - o.keepBottom) {
        pdf.addPage();
        y = A4.margin;
      }
    },
  };
}
