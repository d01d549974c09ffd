import { formatMinorUnits } from '@bluepeak/core/money';
import type { Statement, StatementDocument, StatementEntry, StatementHeader } from '../statement-entries';

// The statement as a SWIFT MT940 customer statement message: :20: reference, :25: the IBAN,
// :28C: statement number, :60F: opening balance, one :61: with its :86: per line, :62F:
// closing balance. Text is reduced to the SWIFT X character set (no accents, no '@', '&' or
// '_'); amounts use a decimal comma; dates are YYMMDD in UTC. One message covers the whole
// period, so importing systems see one opening and one closing balance, as in every other format.
// A statement of all the client's accounts is one such message per account, one after the other
// (the :25: field tells them apart by IBAN and currency in :60F:).

const LINES_PER_CHUNK = 200;

/** Text in the SWIFT X character set, at most `max` characters. */
export function swiftText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, '.')
    .slice(0, max)
    .trim();
}

// An MT940 amount has a decimal comma and keeps it with no decimals ("1500,"); the D/C mark
// carries the sign.
function amount(minor: number, exponent: number): string {
  const text = formatMinorUnits(Math.abs(minor), exponent, { grouping: false, decimalMark: ',' });
  return exponent === 0 ? `${text},` : text;
}

function yymmdd(date: Date): string {
  return date.toISOString().slice(2, 10).replace(/-/g, '');
}

function balance(tag: '60F' | '62F', minor: number, day: string, header: StatementHeader): string {
  const mark = minor < 0 ? 'D' : 'C';
  return `:${tag}:${mark}${day.slice(2).replace(/-/g, '')}${header.currency}${amount(minor, header.exponent)}\r\n`;
}

function details(line: StatementEntry): string[] {
  const rows = [
    swiftText(line.description, 65),
    line.counterparty ? swiftText(`Counterparty ${line.counterparty}`, 65) : '',
    swiftText(`Ref ${line.reference}`, 65),
    ...chunks(swiftText(`Id ${line.id}`, 130), 65),
  ].filter((row) => row.length > 0);
  // A line of a field must not look like the start of the next tag.
  return rows
    .slice(0, 6)
    .map((row) => (row.startsWith(':') || row.startsWith('-') ? `.${row.slice(1)}` : row));
}

function chunks(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += size) parts.push(text.slice(start, start + size));
  return parts;
}

function statementLine(line: StatementEntry, header: StatementHeader): string {
  const mark = line.amountMinor < 0 ? 'D' : 'C';
  const type = line.isFee ? 'NCHG' : 'NTRF';
  const ownerReference = swiftText(line.reference, 16).replace(/[\s/]/g, '') || 'NONREF';
  const bankReference = swiftText(line.id, 16).replace(/[\s/]/g, '');
  const date = yymmdd(line.valueAt);
  const entryDate = yymmdd(line.bookedAt).slice(2);
  return (
    `:61:${date}${entryDate}${mark}${amount(line.amountMinor, header.exponent)}${type}${ownerReference}//${bankReference}\r\n` +
    `:86:${details(line).join('\r\n')}\r\n`
  );
}

export async function* statementMt940(document: StatementDocument): AsyncGenerator<string> {
  for (const statement of document.sections) yield* message(statement);
}

async function* message(statement: Statement): AsyncGenerator<string> {
  const { header } = statement;
  const reference = swiftText(
    `${header.from.replace(/-/g, '').slice(2)}${header.accountId.slice(0, 10)}`,
    16,
  );
  const number = `${Number(header.to.slice(5, 7))}/1`;
  yield `:20:${reference}\r\n:25:${header.iban}\r\n:28C:${number}\r\n${balance('60F', header.openingMinor, header.from, header)}`;
  let chunk = '';
  let count = 0;
  for await (const line of statement.lines()) {
    chunk += statementLine(line, header);
    if (++count % LINES_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}${balance('62F', header.closingMinor, header.to, header)}-\r\n`;
}
