import { Alert, Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Money } from '../../../components/money';
import { StatusBadge } from '../../../components/status-badge';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { ClientLink } from '../../components/client-link';
import { Field } from '../../components/field';
import { LoadFailed } from '../../components/load-failed';
import { RequirePermission } from '../../components/require-permission';
import { Section } from '../../components/section';
import { type OperatorPayment, paymentQuery } from './api';
import { HoldBadge } from './hold-badge';
import { PaymentActions } from './payment-actions';
import { PaymentTransfersTable } from './payment-transfers-table';

// One payment for an operator (docs/requirements/payments.md): every field, fee and rate, the client, the
// status history with who moved it, the ledger transfers, and the actions its state allows.
export default function PaymentDetailPage() {
  return (
    <RequirePermission needs="managePayments">
      <PaymentDetail />
    </RequirePermission>
  );
}

function PaymentDetail() {
  const { t } = useTranslation('backoffice');
  const { id = '' } = useParams();
  const payment = useQuery({ ...paymentQuery(id), meta: { silent: true } });
  usePageTitle(t('payments.detail.title'), undefined, null);
  const notFound = payment.error instanceof ApiError && [400, 404].includes(payment.error.status);
  return (
    <Stack>
      <Anchor component={Link} to="/payments" size="sm">
        ← {t('payments.detail.back')}
      </Anchor>
      <Title order={1}>{t('payments.detail.title')}</Title>
      {payment.isPending && <Skeleton role="status" h={320} aria-label={t('loading')} />}
      {notFound && <Alert color="gray">{t('payments.detail.not_found')}</Alert>}
      {payment.isError && !notFound && <LoadFailed onRetry={() => void payment.refetch()} />}
      {payment.data && <PaymentRecord payment={payment.data} />}
    </Stack>
  );
}

function PaymentRecord({ payment }: { payment: OperatorPayment }) {
  const { t } = useTranslation('backoffice');
  const converted = payment.currency !== payment.debit_currency;
  return (
    <>
      <Group gap="sm">
        <StatusBadge status={payment.status} testId="payment-status">
          {t(`payments.status.${payment.status}`)}
        </StatusBadge>
        {payment.on_hold && <HoldBadge />}
        <Text size="sm" c="dimmed">
          {t(`payments.rails.${payment.rail}`)} · {payment.end_to_end_id}
        </Text>
      </Group>
      <Section title={t('payments.detail.actions')}>
        <PaymentActions payment={payment} />
      </Section>
      <Section title={t('payments.detail.payment')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field
            label={t('payments.detail.amount')}
            value={<Money amount={payment.amount} currency={payment.currency} />}
          />
          <Field
            label={t('payments.detail.fee')}
            value={<Money amount={payment.fee} currency={payment.debit_currency} />}
          />
          <Field
            label={t('payments.detail.total')}
            value={<Money amount={payment.total} currency={payment.debit_currency} />}
          />
          {converted && (
            <Field
              label={t('payments.detail.debit_amount')}
              value={<Money amount={payment.debit_amount} currency={payment.debit_currency} />}
            />
          )}
          <Field label={t('payments.detail.rate')} value={payment.rate} />
          <Field label={t('payments.detail.market_rate')} value={payment.market_rate} />
          <Field
            label={t('payments.detail.client')}
            value={
              <ClientLink id={payment.client_id}>
                {payment.client_name} ({payment.client_email})
              </ClientLink>
            }
          />
          <Field label={t('payments.detail.type')} value={t(`payments.types.${payment.type}`)} />
          <Field
            label={t('payments.detail.rail_state')}
            value={t(`payments.rail_states.${payment.rail_state ?? 'none'}`)}
          />
          <Field label={t('payments.detail.id')} value={payment.id} />
          <Field label={t('payments.detail.reference')} value={payment.end_to_end_id} />
          <Field label={t('payments.detail.description')} value={payment.description || null} />
          <Field label={t('payments.detail.account')} value={payment.account_label} />
          <Field label={t('payments.detail.file')} value={payment.file_id} />
          <Field label={t('payments.detail.created')} value={formatDateTime(payment.created_at)} />
          <Field label={t('payments.detail.updated')} value={formatDateTime(payment.updated_at)} />
          {payment.status_reason && (
            <Field label={t('payments.detail.reason')} value={payment.status_reason} />
          )}
        </SimpleGrid>
      </Section>
      <Section title={t('payments.detail.payee')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {Object.entries(payment.payee).map(([key, value]) => (
            <Field
              key={key}
              label={t(`payments.payee.${key}` as 'payments.payee.name', { defaultValue: key })}
              value={value}
            />
          ))}
        </SimpleGrid>
      </Section>
      <Section title={t('payments.detail.history')}>
        <Timeline
          active={payment.history.length - 1}
          bulletSize={14}
          lineWidth={2}
          data-testid="payment-history"
        >
          {payment.history.map((event, index) => (
            <Timeline.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id and never reorder
              key={index}
              title={t(`payments.status.${event.status}`)}
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at)} · {t(`payments.actors.${event.actor_type}`)}
              </Text>
              {event.reason && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {event.reason}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Section>
      <Section title={t('payments.detail.transfers')}>
        <PaymentTransfersTable transfers={payment.transfers} />
      </Section>
    </>
  );
}
