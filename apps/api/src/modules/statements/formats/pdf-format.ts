import { brand } from '@bluepeak/core';
import { formatIbanForPrint } from '@bluepeak/core/accounts';
import { formatMinorUnits } from '@bluepeak/core/money';
import PDFDocument from 'pdfkit';
import { printable } from '../../../lib/branded-letter-pdf';
import type { Statement, StatementDocument, StatementEntry, StatementHeader } from '../statement-entries';
import { ChunkQueue, dayMonthYear } from './format-tools';
import { PdfRowWriter } from './pdf-cells';

// The statement as an A4 PDF (docs/requirements/statements.md): the brand, the holder and the
// account, the opening balance, one row per line (fees are lines of their own, set in the
// fee colour), the totals in and out, the closing balance, "Page N" on every page and the
// regulatory statement. A statement of all the client's accounts has one such section per account,
// each starting on a new page, the page numbers running on. Each finished page leaves pdfkit as soon as it is written and is handed
// to the response before the next lines are read, so pages are never all held at once (that
// is also why pages say "Page N" and not "N of M": the count is not known until the end).

const MARGIN = 40;
const ROW_HEIGHT = 13;
const COLUMNS = [
  { title: 'Date', x: MARGIN, width: 58, align: 'left' as const, recurring: true },
  { title: 'Description', x: 100, width: 130, align: 'left' as const, recurring: true },
  { title: 'Counterparty', x: 232, width: 95, align: 'left' as const, recurring: true },
  { title: 'Reference', x: 329, width: 88, align: 'left' as const },
  { title: 'Amount', x: 419, width: 66, align: 'right' as const },
  { title: 'Balance', x: 487, width: 68, align: 'right' as const },
];

type Page = { doc: PDFKit.PDFDocument; number: number };

function footer(page: Page) {
  const { doc } = page;
  const bottom = doc.page.height - MARGIN;
  doc.font('Helvetica').fontSize(6.5).fillColor('#666666');
  doc.text(printable(brand.regulatory_statement), MARGIN, bottom - 30, {
    width: doc.page.width - 2 * MARGIN - 60,
    lineBreak: true,
  });
  doc.fontSize(8).text(`Page ${page.number}`, doc.page.width - MARGIN - 55, bottom - 10, {
    width: 55,
    align: 'right',
    lineBreak: false,
  });
}

function tableHead(doc: PDFKit.PDFDocument, y: number) {
  doc.font('Helvetica-Bold').fontSize(8).fillColor('#000000');
  for (const column of COLUMNS)
    doc.text(column.title, column.x, y, { width: column.width, align: column.align, lineBreak: false });
  doc
    .moveTo(MARGIN, y + 10)
    .lineTo(doc.page.width - MARGIN, y + 10)
    .strokeColor('#999999')
    .lineWidth(0.5)
    .stroke();
  return y + ROW_HEIGHT;
}

function firstPageHead(
  doc: PDFKit.PDFDocument,
  header: StatementHeader,
  title: string,
  money: (minor: number) => string,
) {
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(brand.colors.primary)
    .text(brand.trading_name, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(8).fillColor('#444444').text(brand.legal_name);
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).fillColor('#000000').text(title);
  doc.font('Helvetica').fontSize(9).fillColor('#000000');
  const rows: [string, string][] = [
    ['Account holder', header.holderName],
    ['Account', `${header.name} (${header.currency})`],
    ['IBAN', formatIbanForPrint(header.iban)],
    ['BIC', header.bic],
    [
      'Period',
      `${dayMonthYear(new Date(`${header.from}T00:00:00Z`))} to ${dayMonthYear(new Date(`${header.to}T00:00:00Z`))} (UTC)`,
    ],
    ['Issued', `${dayMonthYear(header.generatedAt)} ${header.generatedAt.toISOString().slice(11, 16)} UTC`],
    ['Opening balance', `${money(header.openingMinor)} ${header.currency}`],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.fillColor('#555555').text(label, MARGIN, y, { width: 110 });
    doc.fillColor('#000000').text(printable(value), MARGIN + 110, y, { width: 300 });
  }
  return doc.y + 10;
}

function cells(line: StatementEntry, money: (minor: number) => string): string[] {
  return [
    dayMonthYear(line.bookedAt),
    printable(line.description),
    printable(line.counterparty),
    printable(line.reference),
    money(line.amountMinor),
    money(line.balanceAfterMinor),
  ];
}

type Writer = {
  doc: PDFKit.PDFDocument;
  page: Page;
  rows: PdfRowWriter;
  queue: ChunkQueue;
  lastRowY: number;
};

function newPage(writer: Writer) {
  footer(writer.page);
  writer.doc.addPage();
  writer.page.number++;
}

/** One account's section: its head, its lines, its totals and closing balance; pages carry on. */
async function* section(writer: Writer, statement: Statement, title: string): AsyncGenerator<Buffer> {
  const { doc, rows, queue, lastRowY } = writer;
  const { header } = statement;
  const money = (minor: number) => formatMinorUnits(minor, header.exponent, { grouping: false });
  let y = tableHead(doc, firstPageHead(doc, header, title, money));
  let credits = 0;
  // Summed as the negative amounts they are: negating a zero total would give -0, not an amount.
  let debits = 0;
  for await (const page of statement.pages()) {
    for (const line of page) {
      if (y > lastRowY) {
        newPage(writer);
        y = tableHead(doc, MARGIN);
        yield* queue.take();
      }
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor(line.isFee ? '#9a3412' : '#000000');
      rows.row(cells(line, money), COLUMNS, y, ROW_HEIGHT);
      y += ROW_HEIGHT;
      if (line.amountMinor > 0) credits += line.amountMinor;
      else debits += line.amountMinor;
    }
  }
  if (y > lastRowY - 4 * ROW_HEIGHT) {
    newPage(writer);
    y = MARGIN;
  }
  doc
    .moveTo(MARGIN, y + 2)
    .lineTo(doc.page.width - MARGIN, y + 2)
    .strokeColor('#999999')
    .lineWidth(0.5)
    .stroke();
  const totals: [string, string][] = [
    ['Total in', money(credits)],
    ['Total out', money(debits)],
    ['Closing balance', `${money(header.closingMinor)} ${header.currency}`],
  ];
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000');
  for (const [label, value] of totals) {
    y += ROW_HEIGHT + 2;
    doc.text(label, 300, y, { width: 150, lineBreak: false });
    doc.text(value, 419, y, { width: 136, align: 'right', lineBreak: false });
  }
}

export async function* statementPdf(document: StatementDocument): AsyncGenerator<Buffer> {
  const subject = document.allAccounts ? 'all accounts' : (document.sections[0]?.header.currency ?? '');
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: true,
    info: {
      Title: `${brand.trading_name} statement ${subject} ${document.from} to ${document.to}`,
      Author: brand.legal_name,
      CreationDate: document.generatedAt,
    },
  });
  const queue = new ChunkQueue();
  doc.on('data', queue.push);
  doc.on('end', queue.end);
  doc.on('error', queue.fail);
  const writer: Writer = {
    doc,
    page: { doc, number: 1 },
    rows: new PdfRowWriter(doc),
    queue,
    lastRowY: doc.page.height - MARGIN - 48,
  };
  const count = document.sections.length;
  for (const [index, statement] of document.sections.entries()) {
    // Each account of an all-accounts statement starts on a page of its own; the numbers carry on.
    if (index > 0) newPage(writer);
    const title = document.allAccounts
      ? `Statement ${statement.header.currency} (account ${index + 1} of ${count})`
      : `Statement ${statement.header.currency}`;
    yield* section(writer, statement, title);
    yield* queue.take();
  }
  footer(writer.page);
  doc.end();
  yield* queue.rest();
}
