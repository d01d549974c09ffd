import type { AccountSummary } from '@bluepeak/core/accounts';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import { statementQuery } from './api';
import { accountDisplayName } from './dashboard-rules';
import { EntriesTable, statementEntryRow } from './entries-table';
import { StatementDownloads } from './statement-downloads';

// A statement on /dashboard/statements (docs/requirements/statements.md): one account's period
// with its balances and lines, or every account's one after the other under the downloads of
// the one document that covers them all. The screen reads the statement's JSON, written by the
// same reader as the files, so its lines carry the same counterparties.

/** The account selector's value for all of the client's accounts. */
export const ALL_ACCOUNTS = 'all';

type Period = { from: string; to: string };

export function AllAccountsView({ accounts, period }: { accounts: AccountSummary[]; period: Period }) {
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
      {accounts.map((account) => (
        <StatementView key={account.id} account={account} period={period} />
      ))}
    </Stack>
  );
}

export function StatementView({ account, period }: { account: AccountSummary; period: Period }) {
  const { t } = useTranslation('dashboard');
  const statement = useQuery(statementQuery(account.id, period));
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
  const currency = data.currency;
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
            account: accountDisplayName(account),
            from: formatDate(data.from),
            to: formatDate(data.to),
          })}
        </Title>
        <StatementDownloads accountId={account.id} period={period} />
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
      {data.entries.length === 0 ? (
        <Text c="dimmed">{t('statements.empty')}</Text>
      ) : (
        <EntriesTable rows={data.entries.map(statementEntryRow)} currency={currency} />
      )}
    </Card>
  );
}
