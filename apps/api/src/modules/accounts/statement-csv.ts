import { formatMoney } from '@bluepeak/core';
import { lineLabel, type Statement } from '@bluepeak/core/accounts';
import { stringify } from 'csv-stringify/sync';

// The statement as CSV for a spreadsheet or an accountant. Amounts are plain decimals with a
// dot (machine-readable, unlike the screen's spaced format), dates ISO 8601 UTC. A text cell
// that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with a quote
// (docs/reliability.md, bad input 15: exports are sanitised too).
const FORMULA_START = /^[=+\-@\t\r]/;

function safeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function statementCsv(statement: Statement): string {
  const currency = statement.account.currency.code;
  const money = (amount: number) => formatMoney(amount, currency, { code: false, grouping: false });
  const rows: string[][] = [
    ['Date', 'Description', 'Reference', 'Debit', 'Credit', 'Balance', 'Currency'],
    ['', 'Opening balance', '', '', '', money(statement.opening_balance), statement.account.currency.code],
    ...statement.transactions.data.map((line) => [
      line.event_at,
      safeText(lineLabel(line.code)),
      safeText(`${line.reference_type}:${line.reference_id}`),
      line.direction === 'debit' ? money(line.amount) : '',
      line.direction === 'credit' ? money(line.amount) : '',
      money(line.balance_after),
      statement.account.currency.code,
    ]),
    [
      '',
      'Closing balance',
      '',
      money(statement.total_debits),
      money(statement.total_credits),
      money(statement.closing_balance),
      statement.account.currency.code,
    ],
  ];
  return stringify(rows, { record_delimiter: '\r\n' });
}
