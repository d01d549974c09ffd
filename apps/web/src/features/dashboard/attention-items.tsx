import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../components/money';
import { useClient } from '../../lib/client-session';
import { awaitingCodeQuery } from './api';
import { isApproved } from './dashboard-rules';

type Item = { key: string; text: string; to: string; action: string };

// What needs the client now, first on Home: a payment waiting for its code, details or an identity
// check we asked for, a fee owed. Nothing shows when nothing is waiting.
export function AttentionItems() {
  const { t } = useTranslation('dashboard');
  const client = useClient();
  const awaiting = useQuery({ ...awaitingCodeQuery, enabled: isApproved(client) });
  const items: Item[] = [];
  for (const payment of awaiting.data ?? []) {
    items.push({
      key: payment.id,
      text: t('home.attention.code', {
        amount: formatMoney(payment.amount, payment.currency),
        payee: payment.payee.name ?? '',
      }),
      to: `/dashboard/payments/${payment.id}/confirm`,
      action: t('home.attention.code_action'),
    });
  }
  if (client.ondato_required)
    items.push({
      key: 'identification',
      text: t('home.attention.identification'),
      to: '/dashboard/settings/identification',
      action: t('home.attention.identification_action'),
    });
  if (client.client_data_update_required || client.update_required)
    items.push({
      key: 'update',
      text: t('home.attention.update'),
      to: '/dashboard/settings',
      action: t('home.attention.update_action'),
    });
  // A fee owed is taken as soon as its account holds enough: the action shows where to pay in.
  for (const fee of client.owed_fees ?? []) {
    items.push({
      key: fee.id,
      text: t('home.attention.fee', {
        amount: formatMoney(fee.amount, fee.currency),
        fee: t(`home.attention.fees.${fee.kind}`),
        currency: fee.currency,
      }),
      to: fee.account_id ? `/dashboard/accounts/${fee.account_id}` : '/dashboard/accounts',
      action: t('home.attention.fee_action'),
    });
  }
  if (items.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="attention-heading" data-testid="attention">
      <Title order={2} fz="lg" id="attention-heading">
        {t('home.attention.title')}
      </Title>
      {items.map((item) => (
        <Alert key={item.key} color="yellow" variant="light">
          {item.text}{' '}
          <Anchor component={Link} to={item.to} fw={600}>
            {item.action}
          </Anchor>
        </Alert>
      ))}
    </Stack>
  );
}
