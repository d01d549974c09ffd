import { formatMinorUnits } from '@bluepeak/core/money';

// Writes camt.053.001.08 statements for tests, shaped as a bank sends them: one statement per
// account, opening and closing booked balances, booked credit entries with their parties and
// remittance. Its output must validate against the schema (camt053.test.ts checks that).

export type TestCredit = {
  reference: string;
  amount: string;
  currency?: string;
  creditorIban: string;
  debtorName?: string;
  debtorIban?: string;
  remittance?: string;
  /** A structured creditor reference (Strd/CdtrRefInf/Ref) instead of free text. */
  structuredReference?: string;
  status?: 'BOOK' | 'PDNG';
  direction?: 'CRDT' | 'DBIT';
};

export type TestStatement = {
  messageId: string;
  date: string;
  accountIban: string;
  currency?: string;
  opening: string;
  /** Worked out from the opening and the booked entries in the statement's currency when left out. */
  closing?: string;
  credits: TestCredit[];
};

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function entry(credit: TestCredit, date: string, currency: string): string {
  const remittance = credit.structuredReference
    ? `<RmtInf><Strd><CdtrRefInf><Ref>${xmlText(credit.structuredReference)}</Ref></CdtrRefInf></Strd></RmtInf>`
    : credit.remittance
      ? `<RmtInf><Ustrd>${xmlText(credit.remittance)}</Ustrd></RmtInf>`
      : '';
  return `      <Ntry>
        <NtryRef>${xmlText(credit.reference)}</NtryRef>
        <Amt Ccy="${credit.currency ?? currency}">${credit.amount}</Amt>
        <CdtDbtInd>${credit.direction ?? 'CRDT'}</CdtDbtInd>
        <Sts><Cd>${credit.status ?? 'BOOK'}</Cd></Sts>
        <BookgDt><Dt>${date}</Dt></BookgDt>
        <ValDt><Dt>${date}</Dt></ValDt>
        <AcctSvcrRef>${xmlText(credit.reference)}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>${xmlText(credit.reference)}</AcctSvcrRef><EndToEndId>NOTPROVIDED</EndToEndId></Refs>
          <RltdPties>
            <Dbtr><Pty><Nm>${xmlText(credit.debtorName ?? 'Contoso GmbH')}</Nm></Pty></Dbtr>
            <DbtrAcct><Id><IBAN>${credit.debtorIban ?? 'DE89370400440532013000'}</IBAN></Id></DbtrAcct>
            <CdtrAcct><Id><IBAN>${credit.creditorIban}</IBAN></Id></CdtrAcct>
          </RltdPties>
          ${remittance}
        </TxDtls></NtryDtls>
      </Ntry>`;
}

const balance = (code: 'OPBD' | 'CLBD', amount: string, currency: string, date: string) => {
  const negative = amount.startsWith('-');
  return `      <Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${negative ? amount.slice(1) : amount}</Amt><CdtDbtInd>${negative ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
};

/** "1234.5" -> 123450 (two decimals, as these tests' currencies have). */
const minorOf = (text: string) => {
  const [whole = '0', fraction = ''] = text.replace(/^-/, '').split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return text.startsWith('-') ? -minor : minor;
};

function closingOf(statement: TestStatement, currency: string): string {
  const moved = statement.credits
    .filter((credit) => (credit.status ?? 'BOOK') === 'BOOK' && (credit.currency ?? currency) === currency)
    .reduce((sum, credit) => sum + (credit.direction === 'DBIT' ? -1 : 1) * minorOf(credit.amount), 0);
  return decimal(minorOf(statement.opening) + moved);
}

export function buildCamt053(statement: TestStatement): string {
  const currency = statement.currency ?? 'EUR';
  const closing = statement.closing ?? closingOf(statement, currency);
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${xmlText(statement.messageId)}</MsgId><CreDtTm>${statement.date}T18:00:00Z</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${xmlText(statement.messageId)}-1</Id>
      <CreDtTm>${statement.date}T18:00:00Z</CreDtTm>
      <Acct><Id><IBAN>${statement.accountIban}</IBAN></Id><Ccy>${currency}</Ccy></Acct>
${balance('OPBD', statement.opening, currency, statement.date)}
${balance('CLBD', closing, currency, statement.date)}
${statement.credits.map((credit) => entry(credit, statement.date, currency)).join('\n')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

/** Minor units as the decimal a statement carries: 123450 with exponent 2 -> "1234.50". */
export function decimal(minor: number, exponent = 2): string {
  return formatMinorUnits(minor, exponent, { grouping: false });
}
