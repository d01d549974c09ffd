import { Alert, Button, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormMessage } from '../../../components/form-message';
import { problemMessage } from '../../../lib/api-error-message';
import { useIdempotentMutation } from '../../../lib/idempotency-key';
import { PAYMENT_TEXTS } from '../problem-texts';
import { type BatchAnswer, batchKeys, createBatchFromRows } from './api';
import { BatchGrid } from './batch-grid';
import { emptyGridRow, type GridRow, gridRows } from './grid-rows';

type Body = Parameters<typeof createBatchFromRows>[0];

/** Rows typed into the grid, sent as JSON rows with an Idempotency-Key; then the batch's review. */
export function BatchGridForm({ accountId }: { accountId: string | null }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<GridRow[]>(() => [emptyGridRow(), emptyGridRow(), emptyGridRow()]);
  const [badAmounts, setBadAmounts] = useState<number[]>([]);
  const [empty, setEmpty] = useState(false);
  const create = useIdempotentMutation({
    request: (body: Body, key) => createBatchFromRows(body, key),
    onSuccess: (answer: BatchAnswer) => {
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
      navigate(`/dashboard/payments/batch/${answer.data.id}`);
    },
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!accountId) return;
    const checked = gridRows(rows);
    setBadAmounts(checked.ok ? [] : checked.badAmounts);
    setEmpty(checked.ok && checked.rows.length === 0);
    if (checked.ok && checked.rows.length > 0) create.send({ account_id: accountId, rows: checked.rows });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <BatchGrid rows={rows} onChange={setRows} />
        {badAmounts.length > 0 && (
          <Alert color="red" data-testid="batch-grid-bad-amounts">
            {t('batch.grid.bad_amounts', { rows: badAmounts.join(', '), count: badAmounts.length })}
          </Alert>
        )}
        {empty && <Alert color="yellow">{t('batch.grid.empty')}</Alert>}
        <FormMessage
          message={create.mutation.isError ? problemMessage(create.mutation.error, PAYMENT_TEXTS) : undefined}
        />
        <Button
          type="submit"
          loading={create.mutation.isPending}
          disabled={!accountId}
          data-testid="batch-grid-submit"
        >
          {t('batch.grid.submit')}
        </Button>
      </Stack>
    </form>
  );
}
