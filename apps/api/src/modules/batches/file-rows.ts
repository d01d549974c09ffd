import { BATCH_MAX_ROWS, type BatchColumn, batchColumns, batchRowInputSchema } from '@bluepeak/core/payments';
import { unsafeTextProblem } from '../../lib/unsafe-text';
import { fileRefused, tooManyRows } from './batch-errors';

// A file's records (CSV lines, sheet rows) turned into rows of text fields as they are read, so
// nothing larger than a row's columns is ever kept (docs/requirements/batch-payments.md "Files").
// A cell a typed row could not carry refuses the whole file, as the same value in a JSON upload
// refuses the request: longer than its column allows, NUL or a lone surrogate (which the database
// cannot store), or a spreadsheet formula. Shorter rules (a name of 70 characters) are the row
// checks' business, reported per row.
export type RawRow = { row: number; fields: Partial<Record<BatchColumn, string>> };

const REQUIRED: readonly BatchColumn[] = ['name', 'amount', 'currency'];

/** What a reader keeps of one cell at most: past it the cell is refused whichever column it is in. */
export const CELL_READ_CHARS = 1_024;
/** All kept fields of a file together: ten thousand full rows of the template need about 2 MB. */
export const FILE_TEXT_CHARS = 6_000_000;
// A typed row's amount is a number; written in a file it is text like "12.50".
const AMOUNT_TEXT_CHARS = 40;

function columnLimit(column: BatchColumn): number {
  const field = batchRowInputSchema.shape[column];
  return 'unwrap' in field ? (field.unwrap().maxLength ?? CELL_READ_CHARS) : AMOUNT_TEXT_CHARS;
}
const COLUMN_CHARS = new Map(batchColumns.map((column) => [column, columnLimit(column)]));

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection). No payment
// field needs one, so such a file is refused whole (and exports escape them anyway).
const FORMULA_START = /^[=@\t\r]|^[+-][^0-9]/;

function headerIndex(header: readonly (string | undefined)[]): Map<BatchColumn, number> {
  const names = Array.from(header, (cell) => (cell ?? '').trim().toLowerCase());
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

function fieldProblem(column: BatchColumn, raw: string, value: string): string | undefined {
  const limit = COLUMN_CHARS.get(column) ?? CELL_READ_CHARS;
  if (value.length > limit || raw.length > CELL_READ_CHARS) return `at most ${limit} characters`;
  if (FORMULA_START.test(value)) return 'a cell may not start with = + - @ (spreadsheet formulas)';
  const unsafe = unsafeTextProblem(value);
  return unsafe ? unsafe.charAt(0).toLowerCase() + unsafe.slice(1) : undefined;
}

export class RowCollector {
  private index: Map<BatchColumn, number> | undefined;
  private records = 0;
  private textChars = 0;
  private readonly rows: RawRow[] = [];

  /** One record in file order; `cells` may have holes (empty cells of a sheet). */
  add(cells: readonly (string | undefined)[]): void {
    if (!this.index) {
      this.index = headerIndex(cells);
      return;
    }
    this.records += 1;
    if (this.records > BATCH_MAX_ROWS) throw tooManyRows();
    if (!cells.some((cell) => cell !== undefined && cell.trim() !== '')) return;
    const fields: RawRow['fields'] = {};
    for (const [column, position] of this.index) {
      const raw = cells[position] ?? '';
      const value = raw.trim();
      if (value === '') continue;
      const problem = fieldProblem(column, raw, value);
      if (problem) throw fileRefused(`Row ${this.records}, ${column}: ${problem}`);
      fields[column] = value;
      this.textChars += value.length;
    }
    if (this.textChars > FILE_TEXT_CHARS)
      throw fileRefused('The file holds more text than a batch of payments can');
    this.rows.push({ row: this.records, fields });
  }

  finish(): RawRow[] {
    if (!this.index) throw fileRefused('The file is empty');
    if (this.rows.length === 0) throw fileRefused('The file has no payment rows');
    return this.rows;
  }
}

/** A turn of the event loop (timers, other requests) between slices of a long parse. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Called after each small slice of a parse: gives the event loop a turn once the parse has held
 * it for `budgetMs`. A slice's cost varies with the machine's load, its time does not.
 */
export function loopPacer(budgetMs = 8): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await yieldToLoop();
    since = performance.now();
  };
}
