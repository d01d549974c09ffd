import { formatMoney } from '@bluepeak/core';
import { stringify } from 'csv-stringify/sync';
import type { BatchRecord, StoredRow } from './batch-rows';

// The batch's results file: one line per row with what became of it. A cell that a spreadsheet
// would run as a formula gets a leading apostrophe (OWASP CSV injection advice), whatever the
// checks let in. A batch that came as pain.001 also gets a pain.002 status report.
const FORMULA_START = /^[=+\-@\t\r]/;
export const escapeCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

// A row whose currency we do not know (stored as null) has no decimals to write its amount
// with: its amount shows as it was given.
const amountText = (row: StoredRow) =>
  row.amount_minor === null
    ? ''
    : row.currency === null
      ? (row.fields.amount ?? String(row.amount_minor))
      : formatMoney(row.amount_minor, row.currency, { code: false });

const statusOf = (row: StoredRow) => row.payment_status ?? (row.errors.length > 0 ? 'invalid' : 'valid');

export function resultsCsv(rows: StoredRow[]): string {
  const header = ['row', 'name', 'account', 'amount', 'currency', 'fee', 'status', 'reason', 'payment_id'];
  const lines = rows.map((row) =>
    [
      String(row.row_number),
      row.fields.name ?? '',
      row.fields.iban ?? row.fields.account_number ?? '',
      amountText(row),
      row.currency ?? row.fields.currency ?? '',
      row.fee_minor === null ? '' : String(row.fee_minor),
      statusOf(row),
      row.payment_reason ?? row.errors.map((error) => `${error.field}: ${error.message}`).join('; '),
      row.payment_id ?? '',
    ].map(escapeCell),
  );
  return stringify([header, ...lines]);
}

const xmlText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STATUS_CODES: Record<string, string> = {
  completed: 'ACSC',
  rejected: 'RJCT',
  returned: 'RJCT',
  cancelled: 'CANC',
};

export function resultsPain002(batch: BatchRecord, rows: StoredRow[], now: Date): string {
  const transactions = rows
    .map((row) => {
      const code = STATUS_CODES[statusOf(row)] ?? 'PDNG';
      const reason = row.payment_reason
        ? `<StsRsnInf><AddtlInf>${xmlText(row.payment_reason.slice(0, 105))}</AddtlInf></StsRsnInf>`
        : '';
      return `<TxInfAndSts><OrgnlInstrId>${row.row_number}</OrgnlInstrId><TxSts>${code}</TxSts>${reason}</TxInfAndSts>`;
    })
    .join('\n      ');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">\n  <CstmrPmtStsRpt>\n` +
    `    <GrpHdr><MsgId>${batch.id.replace(/-/g, '').slice(0, 35)}</MsgId><CreDtTm>${now.toISOString()}</CreDtTm></GrpHdr>\n` +
    `    <OrgnlGrpInfAndSts><OrgnlMsgId>${xmlText(batch.message_id ?? '')}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId>` +
    `<OrgnlNbOfTxs>${rows.length}</OrgnlNbOfTxs></OrgnlGrpInfAndSts>\n` +
    `    <OrgnlPmtInfAndSts><OrgnlPmtInfId>${xmlText(batch.message_id ?? '')}</OrgnlPmtInfId>\n      ${transactions}\n    </OrgnlPmtInfAndSts>\n` +
    `  </CstmrPmtStsRpt>\n</Document>\n`
  );
}

export const BATCH_TEMPLATE_CSV =
  'name,iban,bic,sort_code,account_number,amount,currency,description,bank_name,address\n' +
  'Jane Doe,DE89370400440532013000,,,,12.50,EUR,Invoice 1001,,\n' +
  'Acme Ltd,,,040004,12345678,250.00,GBP,Invoice 1002,,\n' +
  'Globex Inc,CH9300762011623852957,UBSWCHZH80A,,,1000.00,CHF,Invoice 1003,UBS Switzerland AG,Bahnhofstrasse 45 Zurich\n';
