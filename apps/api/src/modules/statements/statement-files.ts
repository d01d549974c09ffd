import { Readable } from 'node:stream';
import { assertMinorUnits } from '@bluepeak/core';
import type { AllAccountsStatement, ClientStatement, StatementFormat } from '@bluepeak/core/accounts';
import { AppError } from '../../lib/app-error';
import { statementCamt053 } from './formats/camt053-format';
import { statementCsv } from './formats/csv-format';
import { statementMt940 } from './formats/mt940-format';
import { statementPdf } from './formats/pdf-format';
import { statementXlsx } from './formats/xlsx-format';
import type { Statement, StatementDocument } from './statement-entries';

// One statement, any format: the JSON answer for the screen and the five files, all written
// from the same reader, so every format carries the same lines and balances
// (docs/requirements/statements.md). A statement of all the client's accounts is one document
// with a section per account in every format.

/** The JSON answer is for the screen; a longer period is a file. */
export const MAX_JSON_ENTRIES = 10_000;

export type FileFormat = Exclude<StatementFormat, 'json'>;

const FILES: Record<
  FileFormat,
  { extension: string; mime: string; write: (document: StatementDocument) => AsyncIterable<Buffer | string> }
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

export function statementFile(document: StatementDocument, format: FileFormat) {
  const file = FILES[format];
  const subject = document.allAccounts ? 'all-accounts' : (document.sections[0]?.header.currency ?? 'none');
  return {
    fileName: `statement-${subject}-${document.from}-${document.to}${format === 'camt053' ? '.camt053' : ''}.${file.extension}`,
    mime: file.mime,
    stream: Readable.from(file.write(document), { objectMode: false }),
  };
}

/** The screen's answer: one account's statement, or `{ from, to, accounts }` for all of them. */
export async function statementJson(
  document: StatementDocument,
): Promise<ClientStatement | AllAccountsStatement> {
  const budget = { entries: MAX_JSON_ENTRIES };
  const accounts: ClientStatement[] = [];
  for (const section of document.sections) accounts.push(await sectionJson(section, budget));
  const [single] = accounts;
  if (!document.allAccounts && single) return single;
  return { from: document.from, to: document.to, accounts };
}

/** The JSON answer is for the screen: at most MAX_JSON_ENTRIES lines over all its sections. */
async function sectionJson(statement: Statement, budget: { entries: number }): Promise<ClientStatement> {
  const { header } = statement;
  const entries: ClientStatement['entries'] = [];
  let credits = 0;
  let debits = 0;
  for await (const line of statement.lines()) {
    if (budget.entries === 0) {
      const message = `This period holds more than ${MAX_JSON_ENTRIES} lines; download it as a file or choose a shorter one`;
      throw new AppError('statement_too_long', message, { detail: message });
    }
    budget.entries--;
    if (line.amountMinor > 0) credits += line.amountMinor;
    else debits -= line.amountMinor;
    entries.push({
      id: line.id,
      code: line.code,
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
    total_credits: assertMinorUnits(credits),
    total_debits: assertMinorUnits(debits),
    entries,
  };
}
