import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Statement, StatementDocument } from '../statement-entries';
import { ChunkQueue } from './format-tools';

// The statement as an Excel workbook, written with exceljs's streaming writer: each row is
// committed (and leaves memory) as soon as it is written. Amounts are numbers in the
// currency's unit with the currency's decimals as the cell format, dates real dates (UTC). A
// statement of all the client's accounts has one worksheet per account, named by its currency
// (a client holds one account per currency).

const COLUMNS = [
  { header: 'Type', key: 'type', width: 9 },
  { header: 'Date', key: 'date', width: 12 },
  { header: 'Description', key: 'description', width: 36 },
  { header: 'Counterparty', key: 'counterparty', width: 28 },
  { header: 'Reference', key: 'reference', width: 26 },
  { header: 'Amount', key: 'amount', width: 14 },
  { header: 'Balance', key: 'balance', width: 14 },
  { header: 'Currency', key: 'currency', width: 9 },
  { header: 'Id', key: 'id', width: 30 },
];

export async function* statementXlsx(document: StatementDocument): AsyncGenerator<Buffer> {
  const queue = new ChunkQueue();
  const sink = new PassThrough();
  sink.on('data', queue.push);
  sink.on('end', queue.end);
  sink.on('error', queue.fail);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Bluepeak';
  for (const statement of document.sections) yield* worksheet(workbook, statement, queue);
  await workbook.commit();
  yield* queue.rest();
}

async function* worksheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  statement: Statement,
  queue: ChunkQueue,
): AsyncGenerator<Buffer> {
  const { header } = statement;
  const sheet = workbook.addWorksheet(`Statement ${header.currency}`);
  sheet.columns = COLUMNS;
  const unit = 10 ** header.exponent;
  const numberFormat = header.exponent > 0 ? `#,##0.${'0'.repeat(header.exponent)}` : '#,##0';
  for (const key of ['amount', 'balance']) sheet.getColumn(key).numFmt = numberFormat;
  sheet.getColumn('date').numFmt = 'dd-mm-yyyy';
  const day = (text: string) => new Date(`${text}T00:00:00Z`);
  sheet
    .addRow({
      type: 'opening',
      date: day(header.from),
      description: 'Opening balance',
      balance: header.openingMinor / unit,
      currency: header.currency,
    })
    .commit();
  for await (const line of statement.lines()) {
    sheet
      .addRow({
        type: line.isFee ? 'fee' : 'entry',
        date: line.bookedAt,
        description: line.description,
        counterparty: line.counterparty,
        reference: line.reference,
        amount: line.amountMinor / unit,
        balance: line.balanceAfterMinor / unit,
        currency: header.currency,
        id: line.id,
      })
      .commit();
    yield* queue.take();
  }
  sheet
    .addRow({
      type: 'closing',
      date: day(header.to),
      description: 'Closing balance',
      balance: header.closingMinor / unit,
      currency: header.currency,
    })
    .commit();
  sheet.commit();
  yield* queue.take();
}
