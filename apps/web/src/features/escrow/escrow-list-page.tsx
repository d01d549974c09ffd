import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { Money } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { escrowListQuery } from './api';

// /dashboard/escrow (docs/requirements/escrow.md): the deals the client is a party of, newest first.
export default function EscrowListPage() {
  const { t } = useTranslation('escrow');
  usePageTitle(t('title'));
  const deals = useQuery(escrowListQuery);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('title')}</Title>
        <Button component={Link} to="/dashboard/escrow/new">
          {t('new')}
        </Button>
      </Group>
      <Text c="dimmed">{t('intro')}</Text>
      {deals.isPending && <Skeleton role="status" height={160} aria-busy="true" aria-label={t('loading')} />}
      {deals.isError && (
        <LoadFailedAlert
          title={t('load_failed')}
          retryLabel={t('retry')}
          onRetry={() => void deals.refetch()}
        />
      )}
      {deals.data?.length === 0 && <Alert color="gray">{t('empty')}</Alert>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {deals.data?.map((deal) => (
          <Card key={deal.id} component="li" withBorder padding="md" data-testid="escrow-row">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2} miw={0}>
                <Anchor component={Link} to={`/dashboard/escrow/${deal.id}`} fw={700}>
                  {deal.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {deal.reference} · {t(`roles.${deal.my_role ?? 'buyer'}`)} ·{' '}
                  {deal.my_role === 'buyer' ? deal.seller_name : deal.buyer_name}
                </Text>
              </Stack>
              <Group gap="xs">
                <Money amount={deal.amount} currency={deal.currency} />
                <Badge variant="light">{t(`statuses.${deal.status}`)}</Badge>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
