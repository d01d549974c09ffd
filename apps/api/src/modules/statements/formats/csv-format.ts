import { formatMinorUnits } from '@bluepeak/core/money';
import { stringify } from 'csv-stringify/sync';
import type { Statement, StatementDocument, StatementEntry } from '../statement-entries';
import { isoDay } from './format-tools';

// The statement as CSV (RFC 4180: CRLF records, quoted fields where needed, UTF-8 with a byte
// order mark so spreadsheets read it as UTF-8). Amounts are signed decimals with a dot, dates
// ISO 8601 UTC. The first and last rows are the opening and closing balances. A text cell a
// spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with a quote
// (docs/requirements/statements.md). A statement of all the client's accounts has one section per
// account (its opening row, its lines, its closing row) under the one header; the Account column
// names the account of each row.

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
  'Account',
] as const;

export function safeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const write = (rows: string[][]) => stringify(rows, { record_delimiter: '\r\n' });

export async function* statementCsv(document: StatementDocument): AsyncGenerator<string> {
  yield `\ufeff${write([[...CSV_COLUMNS]])}`;
  for (const statement of document.sections) yield* section(statement);
}

async function* section(statement: Statement): AsyncGenerator<string> {
  const { header } = statement;
  const money = (minor: number) => formatMinorUnits(minor, header.exponent, { grouping: false });
  const account = `${header.name} (${header.currency}) ${header.accountId}`;
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
    safeText(account),
  ];
  const line = (entry: StatementEntry) => [
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
    safeText(account),
  ];
  let rows: string[][] = [balanceRow('opening', header.from, header.openingMinor)];
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
