import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { ApiError } from '../../lib/api-client';
import { problemMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date';
import { useIdempotencyKey } from '../../lib/idempotency-key';
import { cancelPayment, confirmationPdfHref, paymentKeys, paymentQuery } from './api';
import { PaymentFigures, StatusBadge } from './payment-figures';
import { PAYMENT_TEXTS } from './problem-texts';

/** A client may cancel a payment that has not left yet; the server has the last word. */
export const CANCELLABLE = new Set(['created', 'awaiting_confirmation', 'processing']);

// /dashboard/payments/{id}: the payment with its fee, rate and status history, the confirmation
// PDF, cancel while it has not left, and copy into a new payment.
export default function PaymentDetailsPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('details.title'));
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const payment = useQuery(paymentQuery(id));
  // One key per cancel of this payment: a retry or a second click gets the first answer.
  const cancelKey = useIdempotencyKey();
  const cancel = useMutation({
    mutationFn: (key: string) => cancelPayment(id, key),
    meta: { silent: true },
    onSuccess: (answer) => {
      cancelKey.reset();
      queryClient.setQueryData(paymentKeys.payment(id), answer);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.payments });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.accounts });
    },
  });
  const notFound = payment.error instanceof ApiError && [400, 404].includes(payment.error.status);
  const data = payment.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/dashboard/payments" size="sm">
        ← {t('history.back')}
      </Anchor>
      <Title order={1}>{t('details.title')}</Title>
      {payment.isPending && <Skeleton height={320} aria-busy="true" />}
      {notFound && <Alert color="gray">{t('details.not_found')}</Alert>}
      {payment.isError && !notFound && (
        <Alert color="red">{problemMessage(payment.error, PAYMENT_TEXTS)}</Alert>
      )}
      {data && (
        <>
          <Card withBorder padding="lg">
            <Group justify="space-between" mb="sm">
              <Text size="sm" c="dimmed">
                {formatDateTime(data.created_at)}
              </Text>
              <StatusBadge status={data.status} />
            </Group>
            <PaymentFigures payment={data} />
            {data.status_reason && (
              <Text size="sm" mt="sm">
                {t('details.reason', { reason: data.status_reason })}
              </Text>
            )}
          </Card>
          <Group gap="sm">
            {data.status === 'awaiting_confirmation' && (
              <Button component={Link} to={`/dashboard/payments/${id}/confirm`}>
                {t('details.confirm')}
              </Button>
            )}
            <Button
              variant="default"
              component={Link}
              to={`/dashboard/payments/${id}/copy`}
              data-testid="copy-payment"
            >
              {t('details.copy')}
            </Button>
            <Button variant="default" component="a" href={confirmationPdfHref(id)} download>
              {t('details.pdf')}
            </Button>
            {CANCELLABLE.has(data.status) && (
              <Button
                color="red"
                variant="outline"
                loading={cancel.isPending}
                onClick={() => cancel.mutate(cancelKey.keyFor({ cancel: id }))}
              >
                {t('details.cancel')}
              </Button>
            )}
          </Group>
          {cancel.error ? (
            <Alert color="red" role="alert">
              {problemMessage(cancel.error, PAYMENT_TEXTS)}
            </Alert>
          ) : null}
          <Card withBorder padding="lg" component="section" aria-labelledby="payment-history">
            <Title order={2} fz="lg" id="payment-history" mb="sm">
              {t('details.history')}
            </Title>
            <Timeline active={data.history.length - 1} bulletSize={14} lineWidth={2}>
              {data.history.map((event) => (
                <Timeline.Item key={`${event.status}-${event.at}`} title={t(`status.${event.status}`)}>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(event.at)}
                  </Text>
                  {event.reason && <Text size="sm">{event.reason}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          </Card>
        </>
      )}
    </Stack>
  );
}
