import { stringify } from 'csv-stringify/sync';
import type { Statement, StatementLine } from '../statement-lines';
import { decimal, isoDay } from './format-tools';

// The statement as CSV (RFC 4180: CRLF records, quoted fields where needed, UTF-8 with a byte
// order mark so spreadsheets read it as UTF-8). Amounts are signed decimals with a dot, dates
// ISO 8601 UTC. The first and last rows are the opening and closing balances. A text cell a
// spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with a quote
// (docs/requirements/statements.md).

const FORMULA_START = /^[=+\-@\t\r]/;
const ROWS_PER_CHUNK = 500;
export const CSV_COLUMNS = [
  'Type',
  'Date',
  'Booked at',
  'Description',
  'Counterparty',
  'Reference',
  'Amount',
  'Balance',
  'Currency',
  'Id',
] as const;

export function safeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export async function* statementCsv(statement: Statement): AsyncGenerator<string> {
  const { header } = statement;
  const money = (minor: number) => decimal(minor, header.exponent);
  const balanceRow = (type: string, day: string, minor: number) => [
    type,
    day,
    '',
    `${type[0]?.toUpperCase()}${type.slice(1)} balance`,
    '',
    '',
    '',
    money(minor),
    header.currency,
    '',
  ];
  const line = (entry: StatementLine) => [
    entry.isFee ? 'fee' : 'entry',
    isoDay(entry.bookedAt),
    entry.bookedAt.toISOString(),
    safeText(entry.description),
    safeText(entry.counterparty),
    safeText(entry.reference),
    money(entry.amountMinor),
    money(entry.balanceAfterMinor),
    header.currency,
    entry.id,
  ];
  const write = (rows: string[][]) => stringify(rows, { record_delimiter: '\r\n' });
  yield `\ufeff${write([[...CSV_COLUMNS], balanceRow('opening', header.from, header.openingMinor)])}`;
  let rows: string[][] = [];
  for await (const entry of statement.lines()) {
    rows.push(line(entry));
    if (rows.length >= ROWS_PER_CHUNK) {
      yield write(rows);
      rows = [];
    }
  }
  rows.push(balanceRow('closing', header.to, header.closingMinor));
  yield write(rows);
}
