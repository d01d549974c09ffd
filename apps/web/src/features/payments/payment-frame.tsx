import type { Payment } from '@bluepeak/core/payments';
import { Alert, Anchor, Skeleton, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { ApiError } from '../../lib/api-client';
import { problemMessage } from '../../lib/api-error-message';
import { PAYMENT_TEXTS } from './problem-texts';

/** One payment's page: the way back to the list, the title, and the payment once it has loaded. */
export function PaymentFrame({
  title,
  payment,
  loadingHeight,
  children,
}: {
  title: string;
  payment: UseQueryResult<Payment>;
  loadingHeight: number;
  children: (data: Payment) => ReactNode;
}) {
  const { t } = useTranslation('payments');
  const notFound = payment.error instanceof ApiError && [400, 404].includes(payment.error.status);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/dashboard/payments" size="sm">
        ← {t('history.back')}
      </Anchor>
      <Title order={1}>{title}</Title>
      {payment.isPending && <Skeleton height={loadingHeight} aria-busy="true" />}
      {notFound && <Alert color="gray">{t('details.not_found')}</Alert>}
      <FormMessage
        message={payment.isError && !notFound ? problemMessage(payment.error, PAYMENT_TEXTS) : undefined}
      />
      {payment.data && children(payment.data)}
    </Stack>
  );
}
