import { formatMinorUnits } from '@bluepeak/core/money';
import { toSepaCharacters } from '@bluepeak/core/payments';

// ISO 20022 pain.001.001.09 (Customer Credit Transfer Initiation) as the partner bank takes it.
// SEPA files follow the EPC's customer-to-PSP guidelines (EPC132-08 2023 V1.0) and validate
// against the EPC schema in rails/iso20022; SWIFT files use the same message and element order
// without the EPC restrictions (any currency, a non-IBAN account as Othr/Id, no SEPA service
// level). We are the debtor (our settlement account at the partner bank); the client who pays
// is the ultimate debtor. Amounts are written from minor units with the currency's exponent,
// never through a float. Text is reduced to the EPC character set and escaped.

export type Pain001Transfer = {
  endToEndId: string;
  amountMinor: number;
  currency: string;
  exponent: number;
  ultimateDebtorName: string;
  creditor: {
    name: string;
    iban?: string | undefined;
    accountNumber?: string | undefined;
    bic?: string | undefined;
    addressLine?: string | undefined;
    country?: string | undefined;
  };
  remittance: string;
};

export type Pain001Input = {
  rail: 'sepa' | 'swift';
  messageId: string;
  createdAt: Date;
  executionDate: string;
  debtor: { name: string; iban: string; bic: string };
  transfers: Pain001Transfer[];
};

/** Sums decimal amounts exactly (as bigint at the largest exponent) for a control sum. */
export function controlSum(transfers: readonly Pain001Transfer[]): string {
  const scale = Math.max(2, ...transfers.map((transfer) => transfer.exponent));
  const total = transfers.reduce(
    (sum, transfer) => sum + BigInt(transfer.amountMinor) * 10n ** BigInt(scale - transfer.exponent),
    0n,
  );
  const text = formatMinorUnits(Number(total), scale, { grouping: false });
  // EPC allows two decimals in CtrlSum: trailing zeros beyond them are dropped.
  return text.replace(/(\.\d{2}\d*?)0+$/, '$1');
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** Text for a Max-N field: EPC characters, at most `max`, never empty. */
function text(value: string, max: number): string {
  const cleaned = toSepaCharacters(value).slice(0, max).trim();
  return escapeXml(cleaned === '' ? 'NOTPROVIDED' : cleaned);
}

function element(name: string, content: string | undefined, indent: string): string {
  return content === undefined ? '' : `${indent}<${name}>${content}</${name}>\n`;
}

function transferXml(transfer: Pain001Transfer): string {
  // A credit transfer moves money one way only: a negative amount is a bug upstream, never a file.
  if (transfer.amountMinor < 0) throw new RangeError(`bad amount ${transfer.amountMinor}`);
  const i = '        ';
  const { creditor } = transfer;
  const account = creditor.iban
    ? `${i}  <Id><IBAN>${escapeXml(creditor.iban)}</IBAN></Id>\n`
    : `${i}  <Id><Othr><Id>${text(creditor.accountNumber ?? '', 34)}</Id></Othr></Id>\n`;
  const address =
    creditor.addressLine || creditor.country
      ? `${i}  <PstlAdr>\n${element('Ctry', creditor.country, `${i}    `)}${
          creditor.addressLine ? element('AdrLine', text(creditor.addressLine, 70), `${i}    `) : ''
        }${i}  </PstlAdr>\n`
      : '';
  return (
    `      <CdtTrfTxInf>\n` +
    `${i}<PmtId><EndToEndId>${escapeXml(transfer.endToEndId)}</EndToEndId></PmtId>\n` +
    `${i}<Amt><InstdAmt Ccy="${transfer.currency}">${formatMinorUnits(transfer.amountMinor, transfer.exponent, { grouping: false })}</InstdAmt></Amt>\n` +
    `${i}<UltmtDbtr><Nm>${text(transfer.ultimateDebtorName, 70)}</Nm></UltmtDbtr>\n` +
    (creditor.bic
      ? `${i}<CdtrAgt><FinInstnId><BICFI>${escapeXml(creditor.bic)}</BICFI></FinInstnId></CdtrAgt>\n`
      : '') +
    `${i}<Cdtr>\n${i}  <Nm>${text(creditor.name, 70)}</Nm>\n${address}${i}</Cdtr>\n` +
    `${i}<CdtrAcct>\n${account}${i}</CdtrAcct>\n` +
    (transfer.remittance.trim() !== ''
      ? `${i}<RmtInf><Ustrd>${text(transfer.remittance, 140)}</Ustrd></RmtInf>\n`
      : '') +
    `      </CdtTrfTxInf>\n`
  );
}

/** One PmtInf per currency, in the order the currencies first appear. */
export function buildPain001(input: Pain001Input): string {
  if (input.transfers.length === 0) throw new Error('a pain.001 file needs at least one transfer');
  const currencies = [...new Set(input.transfers.map((transfer) => transfer.currency))];
  const created = input.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const blocks = currencies.map((currency, index) => {
    const transfers = input.transfers.filter((transfer) => transfer.currency === currency);
    const paymentType =
      input.rail === 'sepa' ? `      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>\n` : '';
    return (
      `    <PmtInf>\n` +
      `      <PmtInfId>${escapeXml(`${input.messageId}-${index + 1}`.slice(0, 35))}</PmtInfId>\n` +
      `      <PmtMtd>TRF</PmtMtd>\n` +
      `      <BtchBookg>false</BtchBookg>\n` +
      `      <NbOfTxs>${transfers.length}</NbOfTxs>\n` +
      `      <CtrlSum>${controlSum(transfers)}</CtrlSum>\n` +
      paymentType +
      `      <ReqdExctnDt><Dt>${input.executionDate}</Dt></ReqdExctnDt>\n` +
      `      <Dbtr><Nm>${text(input.debtor.name, 70)}</Nm></Dbtr>\n` +
      `      <DbtrAcct><Id><IBAN>${escapeXml(input.debtor.iban)}</IBAN></Id></DbtrAcct>\n` +
      `      <DbtrAgt><FinInstnId><BICFI>${escapeXml(input.debtor.bic)}</BICFI></FinInstnId></DbtrAgt>\n` +
      (input.rail === 'sepa' ? `      <ChrgBr>SLEV</ChrgBr>\n` : '') +
      transfers.map((transfer) => transferXml(transfer)).join('') +
      `    </PmtInf>\n`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">\n` +
    `  <CstmrCdtTrfInitn>\n` +
    `    <GrpHdr>\n` +
    `      <MsgId>${escapeXml(input.messageId)}</MsgId>\n` +
    `      <CreDtTm>${created}</CreDtTm>\n` +
    `      <NbOfTxs>${input.transfers.length}</NbOfTxs>\n` +
    `      <CtrlSum>${controlSum(input.transfers)}</CtrlSum>\n` +
    `      <InitgPty><Nm>${text(input.debtor.name, 70)}</Nm></InitgPty>\n` +
    `    </GrpHdr>\n` +
    blocks.join('') +
    `  </CstmrCdtTrfInitn>\n` +
    `</Document>\n`
  );
}
