import type { BatchRow } from '@bluepeak/core/payments';
import { Pagination, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-message';
import { problemMessage } from '../../../lib/api-error-message';
import { PAYMENT_TEXTS } from '../problem-texts';
import { batchKeys, batchRowsQuery, deleteBatchRow } from './api';
import { BatchRowCard } from './batch-row-card';
import { RowEditDialog } from './row-edit-dialog';

const DRAFT_FILTERS = ['all', 'invalid', 'valid'] as const;
const SENT_FILTERS = ['all', 'processing', 'completed', 'rejected'] as const;

/** The batch's rows, a filter and a page at a time; a draft's rows can be fixed or removed. */
export function BatchRows({
  batchId,
  editable,
  live,
}: {
  batchId: string;
  editable: boolean;
  live: boolean;
}) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BatchRow | null>(null);
  const rows = useQuery({
    ...batchRowsQuery(batchId, status, page, live),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: batchKeys.batch(batchId) });
  const remove = useMutation({
    mutationFn: (rowId: string) => deleteBatchRow(batchId, rowId),
    meta: { silent: true },
    onSuccess: refresh,
  });
  const pages = rows.data ? Math.ceil(rows.data.meta.total / rows.data.meta.limit) : 0;
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        data={(editable ? DRAFT_FILTERS : SENT_FILTERS).map((value) => ({
          value,
          label: t(`batch.filters.${value}`),
        }))}
        aria-label={t('batch.filters.label')}
      />
      {rows.isPending && <Skeleton height={160} aria-busy="true" />}
      <FormMessage message={rows.isError ? problemMessage(rows.error, PAYMENT_TEXTS) : undefined} />
      <FormMessage message={remove.isError ? problemMessage(remove.error, PAYMENT_TEXTS) : undefined} />
      {rows.data?.data.length === 0 && <Text c="dimmed">{t('batch.rows.empty')}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.data?.data.map((row) => (
          <BatchRowCard
            key={row.id}
            batchId={batchId}
            row={row}
            editable={editable}
            deleting={remove.isPending && remove.variables === row.id}
            onEdit={() => setEditing(row)}
            onDelete={() => remove.mutate(row.id)}
          />
        ))}
      </Stack>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={0} />}
      {editing && (
        <RowEditDialog
          batchId={batchId}
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}
