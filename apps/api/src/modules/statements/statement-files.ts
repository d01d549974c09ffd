import { Readable } from 'node:stream';
import type { ClientStatement, StatementFormat } from '@bluepeak/core/accounts';
import { AppError } from '../../lib/app-error';
import { statementCamt053 } from './formats/camt053-format';
import { statementCsv } from './formats/csv-format';
import { statementMt940 } from './formats/mt940-format';
import { statementPdf } from './formats/pdf-format';
import { statementXlsx } from './formats/xlsx-format';
import type { Statement } from './statement-lines';

// One statement, any format: the JSON answer for the screen and the five files, all written
// from the same reader, so every format carries the same lines and balances
// (docs/requirements/statements.md).

/** The JSON answer is for the screen; a longer period is a file. */
export const MAX_JSON_ENTRIES = 10_000;

export type FileFormat = Exclude<StatementFormat, 'json'>;

const FILES: Record<
  FileFormat,
  { extension: string; mime: string; write: (statement: Statement) => AsyncIterable<Buffer | string> }
> = {
  pdf: { extension: 'pdf', mime: 'application/pdf', write: statementPdf },
  csv: { extension: 'csv', mime: 'text/csv; charset=utf-8', write: statementCsv },
  xlsx: {
    extension: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    write: statementXlsx,
  },
  camt053: { extension: 'xml', mime: 'application/xml; charset=utf-8', write: statementCamt053 },
  mt940: { extension: 'sta', mime: 'text/plain; charset=utf-8', write: statementMt940 },
};

export function statementFile(statement: Statement, format: FileFormat) {
  const { header } = statement;
  const file = FILES[format];
  return {
    fileName: `statement-${header.currency}-${header.from}-${header.to}${format === 'camt053' ? '.camt053' : ''}.${file.extension}`,
    mime: file.mime,
    stream: Readable.from(file.write(statement), { objectMode: false }),
  };
}

export async function statementJson(statement: Statement): Promise<ClientStatement> {
  const { header } = statement;
  const entries: ClientStatement['entries'] = [];
  for await (const line of statement.lines()) {
    if (entries.length === MAX_JSON_ENTRIES) {
      const message = `This period holds more than ${MAX_JSON_ENTRIES} lines; download it as a file or choose a shorter one`;
      throw new AppError('statement_too_long', message, { detail: message });
    }
    entries.push({
      id: line.id,
      booked_at: line.bookedAt.toISOString(),
      amount: line.amountMinor,
      balance_after: line.balanceAfterMinor,
      description: line.description,
      counterparty: line.counterparty,
      reference: line.reference,
    });
  }
  return {
    account_id: header.accountId,
    currency: header.currency,
    from: header.from,
    to: header.to,
    opening_balance: header.openingMinor,
    closing_balance: header.closingMinor,
    entries,
  };
}
