import { brand } from '@bluepeak/core';
import { formatMinorUnits } from '@bluepeak/core/money';
import type { Statement, StatementDocument, StatementEntry, StatementHeader } from '../statement-entries';
import { isoDay } from './format-tools';

// The statement as an ISO 20022 camt.053.001.08 bank-to-customer statement: one Stmt with the
// opening and closing booked balances (OPBD, CLBD) and one booked Ntry per line, so an
// accounting system can import it and reconcile OPBD + entries = CLBD. The document is
// written a line at a time; a test validates it against the schema. A statement of all the
// client's accounts is one message with one Stmt per account, each with its own balances.

const ENTRIES_PER_CHUNK = 200;

export function xmlText(text: string, max = 140): string {
  const clean = text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cs}\ufffe\uffff]/gu, ' ')
    .slice(0, max);
  return clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An identifier of at most 35 characters, never empty. */
function max35(text: string): string {
  return xmlText(text, 35) || 'NOTPROVIDED';
}

function balance(code: 'OPBD' | 'CLBD', minor: number, header: StatementHeader, day: string): string {
  const amount = formatMinorUnits(Math.abs(minor), header.exponent, { grouping: false });
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${header.currency}">${amount}</Amt><CdtDbtInd>${minor < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
}

function transactionCode(line: StatementEntry): string {
  const [domain, family, sub] = line.isFee
    ? ['ACMT', 'MDOP', 'CHRG']
    : line.amountMinor > 0
      ? ['PMNT', 'RCDT', 'ESCT']
      : ['PMNT', 'ICDT', 'ESCT'];
  return `<BkTxCd><Domn><Cd>${domain}</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>${sub}</SubFmlyCd></Fmly></Domn></BkTxCd>`;
}

function entry(line: StatementEntry, header: StatementHeader): string {
  const credit = line.amountMinor > 0;
  const party = line.counterparty
    ? `<RltdPties>${credit ? '<Dbtr>' : '<Cdtr>'}<Pty><Nm>${xmlText(line.counterparty)}</Nm></Pty>${credit ? '</Dbtr>' : '</Cdtr>'}</RltdPties>`
    : '';
  return `<Ntry><NtryRef>${max35(line.id)}</NtryRef><Amt Ccy="${header.currency}">${formatMinorUnits(Math.abs(line.amountMinor), header.exponent, { grouping: false })}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><DtTm>${line.bookedAt.toISOString()}</DtTm></BookgDt><ValDt><Dt>${isoDay(line.valueAt)}</Dt></ValDt><AcctSvcrRef>${max35(line.id)}</AcctSvcrRef>${transactionCode(line)}<NtryDtls><TxDtls><Refs><AcctSvcrRef>${max35(line.id)}</AcctSvcrRef><EndToEndId>${max35(line.reference)}</EndToEndId></Refs>${party}<RmtInf><Ustrd>${xmlText(line.description) || 'NOTPROVIDED'}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`;
}

const created = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');
const statementId = (header: StatementHeader) =>
  max35(`STMT-${header.accountId.slice(0, 8)}-${header.from}-${header.to}`.replace(/-/g, ''));

export async function* statementCamt053(document: StatementDocument): AsyncGenerator<string> {
  const first = document.sections[0]?.header;
  const messageId = document.allAccounts
    ? max35(
        `STMT-ALL-${first?.accountId.slice(0, 8) ?? ''}-${document.from}-${document.to}`.replace(/-/g, ''),
      )
    : first
      ? statementId(first)
      : 'NOTPROVIDED';
  yield `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
<BkToCstmrStmt>
<GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>${created(document.generatedAt)}</CreDtTm></GrpHdr>
`;
  for (const statement of document.sections) yield* stmt(statement);
  yield `</BkToCstmrStmt>
</Document>
`;
}

async function* stmt(statement: Statement): AsyncGenerator<string> {
  const { header } = statement;
  const at = created(header.generatedAt);
  yield `<Stmt>
<Id>${statementId(header)}</Id><CreDtTm>${at}</CreDtTm><FrToDt><FrDtTm>${header.from}T00:00:00Z</FrDtTm><ToDtTm>${header.to}T23:59:59Z</ToDtTm></FrToDt>
<Acct><Id><IBAN>${header.iban}</IBAN></Id><Ccy>${header.currency}</Ccy><Nm>${xmlText(header.name, 70)}</Nm><Ownr><Nm>${xmlText(header.holderName)}</Nm></Ownr><Svcr><FinInstnId><BICFI>${header.bic}</BICFI><Nm>${xmlText(brand.legal_name)}</Nm></FinInstnId></Svcr></Acct>
${balance('OPBD', header.openingMinor, header, header.from)}
${balance('CLBD', header.closingMinor, header, header.to)}
`;
  let chunk = '';
  let count = 0;
  for await (const line of statement.lines()) {
    chunk += entry(line, header);
    if (++count % ENTRIES_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</Stmt>
`;
}
