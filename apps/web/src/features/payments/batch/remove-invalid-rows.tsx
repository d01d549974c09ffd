import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemovalDialog } from '../../../components/confirm-removal-dialog';
import { showInfo } from '../../../components/snackbar';
import { PAYMENT_TEXTS } from '../problem-texts';
import { batchKeys, removeInvalidBatchRows } from './api';

/**
 * "Remove all rows with problems" on a draft's review: every row with an error goes in one call,
 * asked first as every removal is, then the batch and its rows are read again with their totals.
 */
export function RemoveInvalidRows({ batchId, count }: { batchId: string; count: number }) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="light" color="red" onClick={() => setAsking(true)} data-testid="batch-remove-invalid">
        {t('batch.page.remove_invalid', { count })}
      </Button>
      <ConfirmRemovalDialog
        opened={asking}
        texts={{
          title: t('batch.remove_invalid.title'),
          question: t('batch.remove_invalid.question', { count }),
          confirm: t('batch.remove_invalid.confirm'),
          cancel: t('batch.remove_invalid.cancel'),
        }}
        problemTexts={PAYMENT_TEXTS}
        remove={() => removeInvalidBatchRows(batchId)}
        onRemoved={() => {
          setAsking(false);
          // The batch's key is the prefix of its rows' keys: both are read again.
          void queryClient.invalidateQueries({ queryKey: batchKeys.batch(batchId) });
          showInfo(t('batch.remove_invalid.done', { count }));
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
