import { brand } from '@bluepeak/core';
import PDFDocument from 'pdfkit';

// The documents a client downloads (account details, payment confirmations) share one letter:
// the brand's name, a heading, an "issued" line, label/value rows and the regulatory statement.
// Standard fonts only (Helvetica, WinAnsi), so text outside Latin-1 prints visibly as '?'
// rather than as garbage.

export type LetterRow = [label: string, value: string];

export type BrandedLetter = {
  /** The PDF's document title (metadata). */
  title: string;
  heading: string;
  issuedLine: string;
  issuedAt: Date;
  rows: LetterRow[];
  /** Space after each row, in lines. */
  rowGap?: number;
};

const MARGIN = 56;
const LABEL_WIDTH = 170;

export function printable(text: string): string {
  return text.normalize('NFC').replace(/[^\u0020-\u007e\u00a0-\u00ff€£]/g, '?');
}

export function renderBrandedLetterPdf(letter: BrandedLetter): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: letter.title, Author: brand.legal_name, CreationDate: letter.issuedAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).fillColor(brand.colors.primary).text(brand.trading_name);
  doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor('#444444').text(brand.legal_name);
  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(16).fillColor('#000000').text(letter.heading);
  doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor('#444444').text(letter.issuedLine);
  doc.moveDown(1.2);

  const valueWidth = doc.page.width - 2 * MARGIN - LABEL_WIDTH;
  for (const [label, value] of letter.rows) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor('#555555')
      .text(printable(label), MARGIN, y, { width: LABEL_WIDTH });
    doc
      .font('Helvetica-Bold')
      .fillColor('#000000')
      .text(printable(value), MARGIN + LABEL_WIDTH, y, { width: valueWidth });
    doc.moveDown(letter.rowGap ?? 0.6);
  }

  doc.moveDown(2).font('Helvetica').fontSize(8).fillColor('#666666');
  doc.text(printable(brand.regulatory_statement), MARGIN, doc.y, { width: doc.page.width - 2 * MARGIN });
  doc.end();
  return done;
}
