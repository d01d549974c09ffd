import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';

// The ECB's euro foreign exchange reference rates (eurofxref): the daily file, the 90-day file or
// the full history, as XML (gesmes envelope of nested Cube elements) or CSV (a Date column, then
// one column per currency, values in units per euro). Both are parsed with a library, never by
// hand; a value that is not a plain positive decimal (the history's "N/A") is left out.

export type EcbDay = { day: string; rates: Record<string, string> };

const RATE = /^(0|[1-9]\d{0,11})(\.\d{1,12})?$/;
const CODE = /^[A-Z]{3}$/;
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

export class EcbFileError extends Error {}

export function parseEcbFile(content: string): EcbDay[] {
  const text = content.replace(/^\uFEFF/, '').trim();
  const days = readable(() => (text.startsWith('<') ? parseXml(text) : parseCsvFile(text)));
  const usable = days.filter((day) => Object.keys(day.rates).length > 0);
  if (usable.length === 0) throw new EcbFileError('The file holds no ECB reference rates');
  return usable.sort((a, b) => a.day.localeCompare(b.day));
}

/** A file the CSV or XML reader cannot read is a file that is not an ECB file, never a crash. */
function readable<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof EcbFileError) throw error;
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw new EcbFileError(`Not a readable ECB eurofxref file (${reason.slice(0, 160)})`);
  }
}

function keep(rates: Record<string, string>, code: unknown, value: unknown) {
  const currency = String(code ?? '').trim();
  const rate = String(value ?? '').trim();
  if (CODE.test(currency) && currency !== 'EUR' && RATE.test(rate) && /[1-9]/.test(rate))
    rates[currency] = rate;
}

type Cube = { time?: string; currency?: string; rate?: string; Cube?: Cube | Cube[] };
const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function parseXml(text: string): EcbDay[] {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    processEntities: false,
  });
  const root = parser.parse(text) as { Envelope?: { Cube?: Cube } };
  const outer = root.Envelope?.Cube;
  if (!outer) throw new EcbFileError('Not an ECB eurofxref XML file (no Envelope/Cube)');
  return list(outer.Cube).map((dated) => {
    const day = String(dated.time ?? '');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new EcbFileError(`A Cube has no valid time: ${day}`);
    const rates: Record<string, string> = {};
    for (const cube of list(dated.Cube)) keep(rates, cube.currency, cube.rate);
    return { day, rates };
  });
}

function parseCsvFile(text: string): EcbDay[] {
  const rows = parseCsv(text, {
    columns: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Record<string, string>[];
  return rows.map((row) => {
    const rates: Record<string, string> = {};
    let day: string | undefined;
    for (const [column, value] of Object.entries(row)) {
      if (column === 'Date') day = csvDay(value);
      else keep(rates, column, value);
    }
    if (!day) throw new EcbFileError('Not an ECB eurofxref CSV file (no Date column)');
    return { day, rates };
  });
}

/** "30 June 2025" (the daily file) or "2025-06-30" (the history). */
function csvDay(value: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const match = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(value);
  const month = match ? MONTHS.indexOf((match[2] ?? '').toLowerCase()) : -1;
  if (!match || month < 0) throw new EcbFileError(`Not a date: ${value}`);
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${(match[1] ?? '').padStart(2, '0')}`;
}
