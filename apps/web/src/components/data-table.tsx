import { Table, type TableProps } from '@mantine/core';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { labelCells } from './data-table-labels';
import './data-table.css';

type DataTableProps = TableProps & {
  /** From Mantine's `sm` up: below this width the table scrolls sideways instead of squeezing. */
  minWidth: number;
  /** The header cells (`Table.Th`); the rows (`Table.Tr`, keyed) are the children. */
  head: ReactNode;
  children: ReactNode;
};

/**
 * A table of records with one header row. From Mantine's `sm` breakpoint up it is a table that
 * scrolls sideways when the screen is narrower than `minWidth`; below it, each row is a card of
 * label and value pairs, the labels taken from the header cells (`data-table.css`), so a phone
 * never scrolls a list sideways. Cells under an empty header (actions) and cells spanning
 * several columns show without a label.
 */
export function DataTable({ minWidth, head, children, className, ...table }: DataTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  // After every render: rows come and go with the data, and a header's text with the language.
  useLayoutEffect(() => {
    if (ref.current) labelCells(ref.current);
  });
  return (
    <div className="data-table-scroll" style={{ '--data-table-min-width': `${minWidth}px` } as object}>
      <Table ref={ref} className={['data-table', className].filter(Boolean).join(' ')} {...table}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}
