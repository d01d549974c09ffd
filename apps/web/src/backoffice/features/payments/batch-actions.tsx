import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MoneySummary } from '../../components/money-summary';
import { showInfo } from '../../lib/notify';
import { batchLines } from './action-lines';
import { type BackofficeBatch, type BatchAction, paymentKeys, postBatchAction } from './api';
import { allowedBatchActions } from './payment-action-rules';
import { ReasonedActions } from './reasoned-actions';

const DANGER: ReadonlySet<BatchAction> = new Set(['return']);

// Hold, release or return every open row of a batch at once (docs/requirements/batch-payments.md,
// "Back office"), behind the same reason dialog as one payment's actions. Rows already with their
// rail cannot be held; the answer says how many rows changed.
export function BatchActions({ batch }: { batch: BackofficeBatch }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  return (
    <ReasonedActions
      actions={allowedBatchActions(batch.status)}
      danger={DANGER}
      texts="payments.batches.actions"
      summary={<MoneySummary lines={batchLines(batch, t)} />}
      perform={(action, reason) => postBatchAction(batch.id, action, reason)}
      onDone={async (answer, action) => {
        showInfo(t(`payments.batches.actions.done.${action}`, { count: answer.data.rows_changed }));
        await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      }}
    />
  );
}
