import type { EscrowDeal } from '@bluepeak/core/escrow';
import { Badge, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { formatDate } from '../../../lib/format-date';

/** What the deal is: its parties, amount and deadline, how it is paid, and a dispute's reason. */
export function DealSummary({ deal }: { deal: EscrowDeal }) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <Group justify="space-between">
        <Title order={1}>
          {deal.reference}: {deal.title}
        </Title>
        <Badge size="lg" data-testid="escrow-status">
          {deal.status}
        </Badge>
      </Group>
      <Text size="sm">
        {deal.buyer_name} → {deal.seller_name} · <Money amount={deal.amount} currency={deal.currency} /> ·{' '}
        {t('escrow.deadline', { date: formatDate(deal.deadline) })}
        {deal.deadline_passed ? ` · ${t('escrow.deadline_passed')}` : ''}
      </Text>
      {(deal.outside_seller || deal.funded_by_incoming_payment) && (
        <Text size="sm" c="dimmed" data-testid="escrow-outside">
          {deal.outside_seller &&
            t('escrow.outside', {
              iban: deal.outside_seller.iban,
              rail: deal.outside_seller.paid_by.toUpperCase(),
            })}
          {deal.payout_payment_id && ` ${t('escrow.payout_payment', { id: deal.payout_payment_id })}`}
          {deal.funded_by_incoming_payment && ` ${t('escrow.funded_by_transfer')}`}
        </Text>
      )}
      {deal.dispute_reason && <Text c="orange">{t('escrow.disputed', { reason: deal.dispute_reason })}</Text>}
    </>
  );
}
