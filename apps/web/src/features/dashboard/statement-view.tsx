import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import { statementQuery } from './api';
import { accountDisplayName } from './dashboard-rules';
import { EntriesTable } from './entries-table';
import { StatementDownloads } from './statement-downloads';

// A statement on /dashboard/statements (docs/requirements/statements.md): one account's period
// with its balances and lines, or every account's one after the other under the downloads of
// the one document that covers them all.

/** The account selector's value for all of the client's accounts. */
export const ALL_ACCOUNTS = 'all';

type Period = { from: string; to: string };

export function AllAccountsView({ accountIds, period }: { accountIds: string[]; period: Period }) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack gap="lg">
      <Card
        withBorder
        padding="lg"
        component="section"
        aria-labelledby="all-accounts-heading"
        data-testid="all-accounts-statement"
      >
        <Group justify="space-between" wrap="wrap">
          <Stack gap={4}>
            <Title order={2} fz="lg" id="all-accounts-heading">
              {t('statements.all_period', { from: formatDate(period.from), to: formatDate(period.to) })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('statements.all_intro')}
            </Text>
          </Stack>
          <StatementDownloads period={period} />
        </Group>
      </Card>
      {accountIds.map((accountId) => (
        <StatementView key={accountId} accountId={accountId} period={period} />
      ))}
    </Stack>
  );
}

export function StatementView({ accountId, period }: { accountId: string; period: Period }) {
  const { t } = useTranslation('dashboard');
  const statement = useQuery(statementQuery(accountId, period));
  // Several statements share the page when all accounts are shown.
  const headingId = useId();
  if (statement.isPending)
    return <Skeleton role="status" height={240} aria-busy="true" aria-label={t('statements.loading')} />;
  if (statement.isError)
    return (
      <LoadFailedAlert
        title={t('statements.load_failed')}
        retryLabel={t('accounts.retry')}
        onRetry={() => void statement.refetch()}
      />
    );
  const data = statement.data;
  const currency = data.account.currency.code;
  const figures = [
    ['opening', data.opening_balance],
    ['money_in', data.total_credits],
    // 0 - x, not -x: no negative zero reaches the money formatter.
    ['money_out', 0 - data.total_debits],
    ['closing', data.closing_balance],
  ] as const;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} fz="lg" id={headingId}>
          {t('statements.period', {
            account: accountDisplayName(data.account),
            from: formatDate(data.from),
            to: formatDate(data.to),
          })}
        </Title>
        <StatementDownloads accountId={accountId} period={period} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        {figures.map(([key, amount]) => (
          <Stack key={key} gap={0}>
            <Text size="sm" c="dimmed">
              {t(`statements.${key}`)}
            </Text>
            <Text fw={700} data-testid={`statement-${key}`}>
              <Money amount={amount} currency={currency} />
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {data.transactions.data.length === 0 ? (
        <Text c="dimmed">{t('statements.empty')}</Text>
      ) : (
        <EntriesTable lines={data.transactions.data} currency={currency} />
      )}
    </Card>
  );
}
