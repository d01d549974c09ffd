import { type Payment, paymentReferenceForPeople } from '@bluepeak/core/payments';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money';
import { recipientAccountLine } from './recipient-summary';

// docs/requirements/public-site.md: before money moves the client sees the amount, the fee, the
// total, the rate (when the currencies differ) and the payee; the details page shows the same
// figures.
function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function PaymentFigures({ payment }: { payment: Omit<Payment, 'history'> }) {
  const { t } = useTranslation('payments');
  const converted = payment.rate !== null && payment.debit_currency !== payment.currency;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Item label={t('figures.payee')} testId="figure-payee">
        {payment.payee.name}
        <Text component="span" display="block" size="sm" c="dimmed" fw={400}>
          {recipientAccountLine(payment.payee)}
        </Text>
      </Item>
      <Item label={t('figures.type')}>{t(`types.${payment.type}`)}</Item>
      <Item label={t('figures.amount')} testId="figure-amount">
        <Money amount={payment.amount} currency={payment.currency} />
      </Item>
      {converted && (
        <Item label={t('figures.debit_amount')} testId="figure-debit">
          <Money amount={payment.debit_amount} currency={payment.debit_currency} />
        </Item>
      )}
      {converted && (
        <Item label={t('figures.rate')} testId="figure-rate">
          {t('figures.rate_value', {
            from: payment.debit_currency,
            rate: payment.rate,
            to: payment.currency,
          })}
        </Item>
      )}
      <Item label={t('figures.fee')} testId="figure-fee">
        <Money amount={payment.fee} currency={payment.debit_currency} />
      </Item>
      <Item label={t('figures.total')} testId="figure-total">
        <Money amount={payment.total} currency={payment.debit_currency} />
      </Item>
      {payment.description && <Item label={t('figures.description')}>{payment.description}</Item>}
      <Item label={t('figures.reference')} testId="figure-reference">
        {paymentReferenceForPeople(payment.end_to_end_id)}
      </Item>
    </SimpleGrid>
  );
}
