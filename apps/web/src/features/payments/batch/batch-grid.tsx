import { batchColumns } from '@bluepeak/core/payments';
import { ActionIcon, Button, Group, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emptyGridRow, GRID_MAX_ROWS, type GridRow } from './grid-rows';

/** An editable table of rows with the CSV template's columns: add a row, remove a row, type. */
export function BatchGrid({ rows, onChange }: { rows: GridRow[]; onChange: (rows: GridRow[]) => void }) {
  const { t } = useTranslation('payments');
  const set = (key: number, column: string, value: string) =>
    onChange(
      rows.map((row) => (row.key === key ? { ...row, values: { ...row.values, [column]: value } } : row)),
    );
  return (
    <>
      <Table.ScrollContainer minWidth={1400}>
        <Table withTableBorder withColumnBorders data-testid="batch-grid">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>{t('batch.columns.row')}</Table.Th>
              {batchColumns.map((column) => (
                <Table.Th key={column}>{t(`batch.columns.${column}`)}</Table.Th>
              ))}
              <Table.Th w={48}>
                <VisuallyHidden>{t('batch.grid.remove_column')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, at) => (
              <Table.Tr key={row.key} data-testid="batch-grid-row">
                <Table.Td className="tabular-figures">{at + 1}</Table.Td>
                {batchColumns.map((column) => (
                  <Table.Td key={column} p={2}>
                    <TextInput
                      size="xs"
                      variant="unstyled"
                      px={6}
                      aria-label={t('batch.grid.cell', { column: t(`batch.columns.${column}`), row: at + 1 })}
                      value={row.values[column] ?? ''}
                      onChange={(event) => set(row.key, column, event.currentTarget.value)}
                      data-column={column}
                    />
                  </Table.Td>
                ))}
                <Table.Td p={2}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    disabled={rows.length === 1}
                    aria-label={t('batch.grid.remove', { row: at + 1 })}
                    onClick={() => onChange(rows.filter((item) => item.key !== row.key))}
                    data-testid="batch-grid-remove"
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group gap="sm">
        <Button
          variant="light"
          size="compact-sm"
          disabled={rows.length >= GRID_MAX_ROWS}
          onClick={() => onChange([...rows, emptyGridRow()])}
          data-testid="batch-grid-add"
        >
          {t('batch.grid.add')}
        </Button>
        <Text size="xs" c="dimmed">
          {t('batch.grid.hint', { max: GRID_MAX_ROWS })}
        </Text>
      </Group>
    </>
  );
}
