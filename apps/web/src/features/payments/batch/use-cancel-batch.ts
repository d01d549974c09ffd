import { useMutation, useQueryClient } from '@tanstack/react-query';
import { batchKeys, cancelBatch } from './api';

/** Cancelling a draft, or the rows of a confirmed batch that have not left. */
export function useCancelBatch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBatch(id),
    meta: { silent: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(batchKeys.batch(id), answer);
      void queryClient.invalidateQueries({ queryKey: batchKeys.all });
      void queryClient.invalidateQueries({ queryKey: batchKeys.accounts });
    },
  });
}
