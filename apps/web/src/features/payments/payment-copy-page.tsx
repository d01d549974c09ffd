import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { problemMessage } from '../../lib/api-error-message';
import { paymentQuery } from './api';
import { PAYMENT_TEXTS } from './problem-texts';

// /dashboard/payments/{id}/copy: a new payment of the same type with the same data (the new
// payment form reads it with ?payment={id}); nothing is sent before the client continues.
export default function PaymentCopyPage() {
  const { t } = useTranslation('payments');
  const { id = '' } = useParams();
  const payment = useQuery(paymentQuery(id));
  if (payment.data) return <Navigate to={`/dashboard/payments/${payment.data.type}?payment=${id}`} replace />;
  return (
    <Stack>
      {payment.isPending && (
        <Skeleton role="status" height={200} aria-busy="true" aria-label={t('copy.loading')} />
      )}
      <FormMessage message={payment.isError ? problemMessage(payment.error, PAYMENT_TEXTS) : undefined} />
    </Stack>
  );
}
