import {
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { Money } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { escrowQuery } from './api';
import { dealActions } from './deal-actions';
import { EscrowActions } from './escrow-actions';
import { EscrowChanges } from './escrow-changes';
import { EscrowConditions } from './escrow-conditions';
import { EscrowFeesTable } from './escrow-fees-table';

// /dashboard/escrow/{id}: one deal as its party sees it: money held, fees, the conditions with
// their documents, the steps open to this party (dealActions: only its own, and no card once
// none is left), and the timeline of everything that happened.
export default function EscrowPage() {
  const { t } = useTranslation('escrow');
  const { id = '' } = useParams();
  const deal = useQuery(escrowQuery(id));
  usePageTitle(deal.data?.title ?? t('title'));
  if (deal.isPending)
    return <Skeleton role="status" height={240} aria-busy="true" aria-label={t('loading')} />;
  if (deal.isError)
    return (
      <LoadFailedAlert title={t('load_failed')} retryLabel={t('retry')} onRetry={() => void deal.refetch()} />
    );
  const data = deal.data;
  const shown = dealActions(data, data.my_role);
  const figures = [
    ['amount', <Money key="amount" amount={data.amount} currency={data.currency} />],
    ['held', <Money key="held" amount={data.held} currency={data.currency} />],
    ['fees_paid', <Money key="fees" amount={data.fees_paid} currency={data.currency} />],
    ['deadline', formatDate(data.deadline)],
  ] as const;
  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to="/dashboard/escrow" size="sm">
        ← {t('back')}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1}>{data.title}</Title>
          <Text c="dimmed" size="sm">
            {data.reference} · {t('buyer_is', { name: data.buyer_name })} ·{' '}
            {t('seller_is', { name: data.seller_name })}
          </Text>
          {data.outside_seller && (
            <Text c="dimmed" size="sm" data-testid="escrow-outside-seller">
              {t('outside_seller', {
                iban: data.outside_seller.iban,
                rail: t(`rails.${data.outside_seller.paid_by}`),
              })}
            </Text>
          )}
        </Stack>
        <Badge size="lg" variant="light" data-testid="escrow-status">
          {t(`statuses.${data.status}`)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {figures.map(([key, value]) => (
          <Card key={key} withBorder padding="sm" data-testid={`escrow-${key}`}>
            <Text size="xs" c="dimmed">
              {t(`figures.${key}`)}
            </Text>
            <Text fw={700}>{value}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <EscrowActions deal={data} shown={shown} />
      <EscrowChanges deal={data} shown={shown} />
      <Card withBorder padding="md">
        <Stack gap="xs">
          <Text fw={700}>{t('deliverables')}</Text>
          <Text size="sm">{t('buyer_delivers', { text: data.buyer_deliverables })}</Text>
          <Text size="sm">{t('seller_delivers', { text: data.seller_deliverables })}</Text>
        </Stack>
      </Card>
      <EscrowConditions deal={data} uploads={shown.uploads} />
      <Card withBorder padding="md">
        <Text fw={700}>{t('fees.title')}</Text>
        <EscrowFeesTable fees={data.fees} currency={data.currency} />
      </Card>
      <Card withBorder padding="md">
        <Text fw={700} mb="sm">
          {t('timeline')}
        </Text>
        <Timeline bulletSize={14} lineWidth={2} data-testid="escrow-timeline">
          {data.events.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end
            <Timeline.Item key={index} title={t(`steps.${event.kind}`, { defaultValue: event.kind })}>
              <Text size="xs" c="dimmed">
                {t(`actors.${event.actor}`)} · {formatDateTime(event.at)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
    </Stack>
  );
}
