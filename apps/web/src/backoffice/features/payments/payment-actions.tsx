import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MoneySummary } from '../../components/money-summary';
import { showInfo } from '../../lib/notify';
import { paymentLines } from './action-lines';
import { type OperatorPayment, type PaymentAction, paymentKeys, postPaymentAction } from './api';
import { allowedActions } from './payment-action-rules';
import { ReasonedActions } from './reasoned-actions';

const DANGER: ReadonlySet<PaymentAction> = new Set(['void', 'return']);

// Hold, release, void or return one payment (docs/requirements/payments.md). Only the actions the
// payment's state allows are offered.
export function PaymentActions({ payment }: { payment: OperatorPayment }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  return (
    <ReasonedActions
      actions={allowedActions(payment)}
      danger={DANGER}
      texts="payments.actions"
      summary={<MoneySummary lines={paymentLines(payment, t)} />}
      perform={(action, reason) => postPaymentAction(payment.id, action, reason)}
      onDone={async (answer, action) => {
        queryClient.setQueryData(paymentKeys.one(payment.id), answer);
        showInfo(t(`payments.actions.done.${action}`));
        await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      }}
    />
  );
}
