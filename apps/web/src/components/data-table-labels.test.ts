import { describe, expect, it } from 'vitest';
import { rowLabels } from './data-table-labels';

const th = (text: string, colSpan = 1) => ({ text, colSpan });
const td = (colSpan = 1) => ({ colSpan });

describe("a data table's cells carry their column's header for the phone cards", () => {
  it("labels each cell with its column's header text, spaces tidied", () => {
    expect(rowLabels([th('Date'), th(' Client\n  name '), th('Status')], [td(), td(), td()])).toEqual([
      'Date',
      'Client name',
      'Status',
    ]);
  });

  it('counts header spans to find a column', () => {
    expect(rowLabels([th('Amount', 2), th('Payee')], [td(), td(), td()])).toEqual([
      'Amount',
      undefined,
      'Payee',
    ]);
  });

  it('gives no label under an empty header, to a spanning cell, or past the last header', () => {
    expect(rowLabels([th('Day'), th('Note'), th('')], [td(2), td(), td()])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});
