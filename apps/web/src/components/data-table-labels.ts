// Gives each body cell of a table the text of its column's header as `data-label`, which the
// phone layout of `DataTable` (data-table.css) shows before the cell's value. Column positions
// count `colspan`; a cell spanning several columns, or under a header with no text, gets none.

type Cell = { colSpan: number };

/** The label of each cell of a row, by the header cells' texts and every cell's span. */
export function rowLabels(headers: readonly (Cell & { text: string })[], row: readonly Cell[]) {
  const columns: string[] = [];
  for (const header of headers) {
    const text = header.text.replace(/\s+/g, ' ').trim();
    for (let span = 0; span < Math.max(1, header.colSpan); span += 1) columns.push(span === 0 ? text : '');
  }
  let column = 0;
  return row.map((cell) => {
    const label = cell.colSpan > 1 ? '' : (columns[column] ?? '');
    column += Math.max(1, cell.colSpan);
    return label || undefined;
  });
}

export function labelCells(table: HTMLTableElement) {
  const headers = Array.from(table.tHead?.rows[0]?.cells ?? [], (cell) => ({
    text: cell.textContent ?? '',
    colSpan: cell.colSpan,
  }));
  for (const body of Array.from(table.tBodies)) {
    for (const row of Array.from(body.rows)) {
      const cells = Array.from(row.cells);
      rowLabels(headers, cells).forEach((label, index) => {
        const cell = cells[index];
        if (!cell || cell.dataset.label === label) return;
        if (label) cell.dataset.label = label;
        else delete cell.dataset.label;
      });
    }
  }
}
