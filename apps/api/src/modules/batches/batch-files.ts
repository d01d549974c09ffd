import { BATCH_MAX_ROWS, type BatchColumn, batchColumns } from '@bluepeak/core/payments';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fileRefused, tooManyRows } from './batch-errors';
import { checkZipSize } from './zip-size';

// Reading an uploaded payment file into rows of text fields, before any row is checked
// (docs/requirements/batch-payments.md "Files"). Every refusal here is a 4xx for the whole file
// and nothing is stored: a file is never half-accepted.
export type RawRow = { row: number; fields: Partial<Record<BatchColumn, string>> };

const REQUIRED: readonly BatchColumn[] = ['name', 'amount', 'currency'];

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection). No payment
// field needs one, so such a file is refused whole (and exports escape them anyway).
const FORMULA_START = /^[=@\t\r]|^[+-][^0-9]/;

function headerIndex(header: string[]): Map<BatchColumn, number> {
  const names = header.map((cell) => cell.trim().toLowerCase());
  const index = new Map<BatchColumn, number>();
  for (const column of batchColumns) {
    const at = names.indexOf(column);
    if (at >= 0) index.set(column, at);
  }
  const missing = REQUIRED.filter((column) => !index.has(column));
  if (missing.length > 0) {
    const hint =
      names.length === 1 && /[;\t|]/.test(names[0] ?? '') ? ' Separate the columns with commas.' : '';
    throw fileRefused(`The first line must name the columns; missing: ${missing.join(', ')}.${hint}`);
  }
  return index;
}

function toRows(records: string[][]): RawRow[] {
  const [header, ...body] = records;
  if (!header) throw fileRefused('The file is empty');
  const index = headerIndex(header);
  const rows: RawRow[] = [];
  body.forEach((cells, at) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    if (rows.length >= BATCH_MAX_ROWS) throw tooManyRows();
    const fields: RawRow['fields'] = {};
    for (const [column, position] of index) {
      const value = (cells[position] ?? '').trim();
      if (FORMULA_START.test(value))
        throw fileRefused(
          `Row ${at + 1}, ${column}: a cell may not start with = + - @ (spreadsheet formulas)`,
        );
      if (value !== '') fields[column] = value;
    }
    rows.push({ row: at + 1, fields });
  });
  if (rows.length === 0) throw fileRefused('The file has no payment rows');
  return rows;
}

export function readCsv(content: Buffer): RawRow[] {
  let records: string[][];
  try {
    records = parseCsv(content, {
      bom: true,
      delimiter: ',',
      relax_column_count: true,
      skip_empty_lines: true,
      // One more record than allowed (plus the header) is enough to know the file is too long.
      to: BATCH_MAX_ROWS + 2,
    }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'unreadable';
    throw fileRefused(`This is not a readable CSV file (${reason.slice(0, 160)})`);
  }
  if (records.length > BATCH_MAX_ROWS + 1) throw tooManyRows();
  return toRows(records);
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if ('formula' in value || 'sharedFormula' in value)
      throw fileRefused('The sheet may not contain formulas; paste the values only');
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
};

export async function readXlsx(content: Buffer): Promise<RawRow[]> {
  checkZipSize(content);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw fileRefused('This is not a readable Excel (.xlsx) file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileRefused('The workbook has no sheet');
  if (sheet.rowCount > BATCH_MAX_ROWS + 1) throw tooManyRows();
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as ExcelJS.CellValue[];
    records.push(values.slice(1).map(cellText));
  });
  return toRows(records);
}
