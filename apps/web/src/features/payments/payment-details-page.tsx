import { Button, Card, Group, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormMessage } from '../../components/form-message';
import { StatusBadge } from '../../components/status-badge';
import { usePageTitle } from '../../components/use-page-title';
import { problemMessage } from '../../lib/api-error-message';
import { formatDateTime } from '../../lib/format-date';
import { confirmationPdfHref, paymentQuery, recipientsQuery } from './api';
import { PaymentFigures } from './payment-figures';
import { PaymentFrame } from './payment-frame';
import { PAYMENT_TEXTS } from './problem-texts';
import { canSaveAsRecipient } from './recipient-summary';
import { useCancelPayment } from './use-cancel-payment';

/** A client may cancel a payment that has not left yet; the server has the last word. */
export const CANCELLABLE = new Set(['created', 'awaiting_confirmation', 'processing']);

// /dashboard/payments/{id}: the payment with its fee, rate and status history, the confirmation
// PDF, cancel while it has not left, copy into a new payment, and save a payee typed by hand
// as a recipient (the recipient form, filled in, with its own code) unless its account is saved.
export default function PaymentDetailsPage() {
  const { t } = useTranslation('payments');
  usePageTitle(t('details.title'));
  const { id = '' } = useParams();
  const payment = useQuery(paymentQuery(id));
  const recipients = useQuery({ ...recipientsQuery(payment.data?.type), enabled: Boolean(payment.data) });
  const { cancel, sendCancel } = useCancelPayment(id, { refreshAccounts: true });
  return (
    <PaymentFrame title={t('details.title')} payment={payment} loadingHeight={320}>
      {(data) => (
        <>
          <Card withBorder padding="lg">
            <Group justify="space-between" mb="sm">
              <Text size="sm" c="dimmed">
                {formatDateTime(data.created_at)}
              </Text>
              <StatusBadge status={data.status} testId="payment-status">
                {t(`status.${data.status}`, { defaultValue: data.status })}
              </StatusBadge>
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
            {recipients.data && canSaveAsRecipient(data, recipients.data) && (
              <Button
                variant="default"
                component={Link}
                to={`/dashboard/recipients/new?type=${data.type}`}
                state={{ payee: data.payee }}
                data-testid="save-as-recipient"
              >
                {t('details.save_recipient')}
              </Button>
            )}
            <Button variant="default" component="a" href={confirmationPdfHref(id)} download>
              {t('details.pdf')}
            </Button>
            {CANCELLABLE.has(data.status) && (
              <Button color="red" variant="outline" loading={cancel.isPending} onClick={sendCancel}>
                {t('details.cancel')}
              </Button>
            )}
          </Group>
          <FormMessage message={cancel.error ? problemMessage(cancel.error, PAYMENT_TEXTS) : undefined} />
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
    </PaymentFrame>
  );
}
