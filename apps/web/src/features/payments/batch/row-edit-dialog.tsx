import { type BatchRow, batchColumns } from '@bluepeak/core/payments';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../components/form-message';
import { problemMessage } from '../../../lib/api-error-message';
import { PAYMENT_TEXTS } from '../problem-texts';
import { type BatchRowChange, updateBatchRow } from './api';
import { rowChange } from './row-change';

// Fixing one row in place: the same columns as the file, checked again by the server.
export function RowEditDialog({
  batchId,
  row,
  onClose,
  onSaved,
}: {
  batchId: string;
  row: BatchRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('payments');
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...row.fields }));
  const [amountError, setAmountError] = useState(false);
  const save = useMutation({
    mutationFn: (body: BatchRowChange) => updateBatchRow(batchId, row.id, body),
    meta: { silent: true },
    onSuccess: onSaved,
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const change = rowChange(values);
    setAmountError(change === 'bad_amount');
    if (change !== 'bad_amount') save.mutate(change);
  };
  return (
    <Modal opened onClose={onClose} title={t('batch.edit.title', { row: row.row })}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {batchColumns.map((column) => (
            <TextInput
              key={column}
              label={t(`batch.columns.${column}`)}
              value={values[column] ?? ''}
              onChange={(event) => setValues({ ...values, [column]: event.currentTarget.value })}
              error={
                column === 'amount' && amountError
                  ? t('batch.edit.bad_amount')
                  : row.errors.find((error) => error.field === column)?.message
              }
              data-testid={`batch-edit-${column}`}
            />
          ))}
          <FormMessage message={save.isError ? problemMessage(save.error, PAYMENT_TEXTS) : undefined} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('batch.edit.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="batch-edit-save">
              {t('batch.edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
