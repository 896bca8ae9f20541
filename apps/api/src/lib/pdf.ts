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
