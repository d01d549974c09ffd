import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

type DataTableProps = TableProps & {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The header cells (`Table.Th`); the rows (`Table.Tr`, keyed) are the children. */
  head: ReactNode;
  children: ReactNode;
};

/** A table of records that scrolls sideways on a narrow screen, with one header row. */
export function DataTable({ minWidth, head, children, ...table }: DataTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
