import type { PaymentType } from '@bluepeak/core/payments';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { feePreviewQuery } from './api';
import { feePreviewPath } from './fee-preview';
import type { PaymentFormValues } from './payment-form';

/** Long enough that typing "1250" asks once, short enough to feel live. */
const PREVIEW_DELAY_MS = 350;

/**
 * The fee and total of the payment as the form stands, asked once typing pauses. An answer is
 * shown only while it is for what the form holds now, so a total is never shown (or a payment
 * held back) on an amount the client has since changed.
 */
export function useFeePreview(
  type: PaymentType,
  values: PaymentFormValues,
  payee: Readonly<Record<string, string | undefined>>,
) {
  const path = feePreviewPath(type, values, payee);
  const [debounced] = useDebouncedValue(path, PREVIEW_DELAY_MS);
  const query = useQuery(feePreviewQuery(debounced));
  const current = path !== '' && debounced === path;
  return {
    asked: path !== '',
    preview: current ? query.data : undefined,
    error: current && query.isError ? query.error : undefined,
    pending: path !== '' && (!current || query.isPending),
  };
}

export type FeePreviewState = ReturnType<typeof useFeePreview>;
