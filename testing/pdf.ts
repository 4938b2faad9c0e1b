/** Real PDFs made with pdfkit, for tests and the benchmark: with a text layer, or only a picture (a scan). */
import PDFDocument from 'pdfkit';

export function makePdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return done;
}

/** A PDF with these lines of text, as an office's word processor writes one. */
export const textPdf = (lines: string[]) => makePdf((doc) => lines.forEach((line) => doc.text(line)));

/** A page that is only a picture: what a scanner without OCR produces. */
export const scannedPdf = () => makePdf((doc) => doc.rect(40, 40, 500, 700).fill('#555'));
