import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Parser } from 'mt940js';
import { extractText, getDocumentProxy } from 'unpdf';

// Reads each statement format back with an independent reader (a CSV parser, exceljs, a
// published MT940 parser, the XML itself, a PDF text extractor) into the same shape, so a
// test can prove every format carries the same lines and balances.

export type ReadBack = {
  opening: number;
  closing: number;
  amounts: number[];
  balances?: number[];
  ids?: string[];
};

/** "-1234.50" or "-1234,50" -> -123450 (two decimals). */
export function minorOf(text: string): number {
  const negative = text.trim().startsWith('-');
  const [whole = '0', fraction = ''] = text.trim().replace(/^-/, '').split(/[.,]/);
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -minor : minor;
}

export function readCsv(body: string): ReadBack {
  const rows: string[][] = parse(body.replace(/^\ufeff/, ''), { relax_column_count: false });
  const [, opening, ...rest] = rows;
  const closing = rest.pop();
  return {
    opening: minorOf(opening?.[7] ?? ''),
    closing: minorOf(closing?.[7] ?? ''),
    amounts: rest.map((row) => minorOf(row[6] ?? '')),
    balances: rest.map((row) => minorOf(row[7] ?? '')),
    ids: rest.map((row) => row[9] ?? ''),
  };
}

export async function readXlsx(body: Buffer): Promise<ReadBack> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const [, opening, ...rest] = rows;
  const closing = rest.pop();
  const cents = (value: unknown) => Math.round(Number(value) * 100);
  return {
    opening: cents(opening?.[6]),
    closing: cents(closing?.[6]),
    amounts: rest.map((row) => cents(row[5])),
    balances: rest.map((row) => cents(row[6])),
    ids: rest.map((row) => String(row[8])),
  };
}

export function readCamt053(xml: string): ReadBack {
  const balance = (code: string) => {
    const match = new RegExp(
      `<Cd>${code}</Cd>.*?<Amt Ccy="[A-Z]{3}">([0-9.]+)</Amt><CdtDbtInd>(CRDT|DBIT)`,
    ).exec(xml);
    if (!match?.[1]) throw new Error(`no ${code}`);
    return (match[2] === 'DBIT' ? -1 : 1) * minorOf(match[1]);
  };
  const entries = [
    ...xml.matchAll(
      /<Ntry><NtryRef>([^<]*)<\/NtryRef><Amt Ccy="[A-Z]{3}">([0-9.]+)<\/Amt><CdtDbtInd>(CRDT|DBIT)/g,
    ),
  ];
  return {
    opening: balance('OPBD'),
    closing: balance('CLBD'),
    amounts: entries.map((match) => (match[3] === 'DBIT' ? -1 : 1) * minorOf(match[2] ?? '')),
  };
}

export function readMt940(text: string): ReadBack & { details: string[] } {
  const [statement, ...more] = new Parser({ no86Structure: true }).parse(text);
  if (!statement || more.length > 0) throw new Error('expected one MT940 statement');
  const cents = (value: number) => Math.round(value * 100);
  return {
    opening: cents(statement.openingBalance),
    closing: cents(statement.closingBalance),
    amounts: statement.transactions.map((transaction: { amount: number }) => cents(transaction.amount)),
    details: statement.transactions.map((transaction: { details: string }) => transaction.details),
  };
}

export async function readPdfText(body: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text, pages: totalPages };
}

// An all-accounts statement read back section by section, in the order the file holds them.

/** The CSV's sections, told apart by the Account column (the account id ends it). */
export function readCsvSections(body: string): (ReadBack & { accountId: string })[] {
  const [, ...rows]: string[][] = parse(body.replace(/^\ufeff/, ''), { relax_column_count: false });
  const sections: (ReadBack & { accountId: string })[] = [];
  for (const row of rows) {
    const accountId = (row[10] ?? '').split(' ').at(-1) ?? '';
    if (row[0] === 'opening') {
      sections.push({ accountId, opening: minorOf(row[7] ?? ''), closing: Number.NaN, amounts: [], ids: [] });
      continue;
    }
    const section = sections.at(-1);
    if (!section || section.accountId !== accountId) throw new Error(`a row outside its section: ${row}`);
    if (row[0] === 'closing') section.closing = minorOf(row[7] ?? '');
    else {
      section.amounts.push(minorOf(row[6] ?? ''));
      section.ids?.push(row[9] ?? '');
    }
  }
  return sections;
}

/** Each worksheet as one statement, with the sheet's name. */
export async function readXlsxSheets(body: Buffer): Promise<(ReadBack & { name: string })[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const cents = (value: unknown) => Math.round(Number(value) * 100);
  return workbook.worksheets.map((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [, opening, ...rest] = rows;
    const closing = rest.pop();
    return {
      name: sheet.name,
      opening: cents(opening?.[6]),
      closing: cents(closing?.[6]),
      amounts: rest.map((row) => cents(row[5])),
      ids: rest.map((row) => String(row[8])),
    };
  });
}

/** Each Stmt of the message, with its currency. */
export function readCamt053Statements(xml: string): (ReadBack & { currency: string })[] {
  const [head = '', ...statements] = xml.split('<Stmt>');
  if (!head.includes('<GrpHdr>')) throw new Error('no group header before the statements');
  return statements.map((statement) => ({
    ...readCamt053(statement),
    currency: /<Ccy>([A-Z]{3})<\/Ccy>/.exec(statement)?.[1] ?? '',
  }));
}

/** Every message of a concatenated MT940 file, read by the published parser. */
export function readMt940Messages(text: string): (ReadBack & { currency: string })[] {
  const cents = (value: number) => Math.round(value * 100);
  return new Parser({ no86Structure: true }).parse(text).map((statement) => ({
    currency: statement.currency,
    opening: cents(statement.openingBalance),
    closing: cents(statement.closingBalance),
    amounts: statement.transactions.map((transaction) => cents(transaction.amount)),
  }));
}
