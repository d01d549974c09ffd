import { type BatchRowInput, batchColumns } from '@bluepeak/core/payments';
import { rowChange } from './row-change';

// The rows a client types into the grid on /dashboard/payments/batch/new: the template's columns
// as text, sent as JSON rows (docs/requirements/batch-payments.md, "Files"), the amount turned
// from a decimal like 12.50 into minor units of the row's currency. Everything else is checked
// by the server, row by row, as for a file.
export const GRID_MAX_ROWS = 500;

/** One typed row: a key React keeps it by, and each column's text. */
export type GridRow = { key: number; values: Record<string, string> };

let nextKey = 0;
export function emptyGridRow(): GridRow {
  nextKey += 1;
  return { key: nextKey, values: Object.fromEntries(batchColumns.map((column) => [column, ''])) };
}

const isBlank = (row: GridRow) => batchColumns.every((column) => (row.values[column] ?? '').trim() === '');

/**
 * The JSON rows to send, blank rows left out; or the 1-based numbers of the typed rows whose
 * amount is not a decimal the currency allows.
 */
export function gridRows(
  rows: GridRow[],
): { ok: true; rows: BatchRowInput[] } | { ok: false; badAmounts: number[] } {
  const typed = rows.filter((row) => !isBlank(row));
  const badAmounts: number[] = [];
  const body: BatchRowInput[] = [];
  typed.forEach((row, at) => {
    const change = rowChange(row.values);
    if (change === 'bad_amount') badAmounts.push(at + 1);
    else body.push(change as BatchRowInput);
  });
  return badAmounts.length > 0 ? { ok: false, badAmounts } : { ok: true, rows: body };
}
