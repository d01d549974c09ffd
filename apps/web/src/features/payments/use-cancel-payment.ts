import { useQueryClient } from '@tanstack/react-query';
import { useIdempotentMutation } from '../../lib/idempotency-key';
import { cancelPayment, paymentKeys } from './api';

/**
 * Cancelling a payment that has not left yet: one key per cancel of this payment, so a retry or
 * a second click gets the first answer. The server has the last word.
 */
export function useCancelPayment(id: string, { refreshAccounts }: { refreshAccounts: boolean }) {
  const queryClient = useQueryClient();
  const { mutation, send } = useIdempotentMutation({
    request: (_cancel: { cancel: string }, key: string) => cancelPayment(id, key),
    onSuccess: (answer) => {
      queryClient.setQueryData(paymentKeys.payment(id), answer);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.payments });
      if (refreshAccounts) void queryClient.invalidateQueries({ queryKey: paymentKeys.accounts });
    },
  });
  return { cancel: mutation, sendCancel: () => send({ cancel: id }) };
}
