import { statementQuerySchema } from '@bluepeak/core/accounts';
import { Alert, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '../../components/date-field';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { Money } from '../../components/money';
import { usePageTitle } from '../../components/use-page-title';
import { formatDate } from '../../lib/format-date';
import { accountGroupsQuery } from '../../lib/queries/account-groups';
import { statementQuery } from './api';
import { accountDisplayName } from './dashboard-rules';
import { MonthlyStatements } from './monthly-statements';
import { StatementDownloads } from './statement-downloads';
import { StatementPresets } from './statement-presets';
import { TransactionsTable } from './transactions-table';

// /dashboard/statements (docs/requirements/accounts.md; approved clients only): one account's posted lines
// over a period of days (UTC, both included) with the opening and closing balance, as the
// ledger holds them, and the same statement as a PDF, CSV, XLSX, camt.053 or MT940 download. The account and the period live
// in the address, so a statement can be bookmarked and the back button works.
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** This month and the two before it: enough to find a recent line without choosing dates. */
function defaultPeriod(now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  return { from: isoDay(start), to: isoDay(now) };
}

export default function StatementsPage() {
  const { t } = useTranslation('dashboard');
  usePageTitle(t('statements.title'));
  const [params, setParams] = useSearchParams();
  const groups = useQuery(accountGroupsQuery);
  const accounts = (groups.data ?? []).flatMap((group) => group.accounts.data);
  const fallback = defaultPeriod();
  const accountId = params.get('account') ?? accounts[0]?.id ?? '';
  const period = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
  const checked = statementQuerySchema.safeParse(period);
  const periodError = checked.success ? undefined : checked.error.issues[0]?.message;
  const set = (changes: Partial<Record<'account' | 'from' | 'to', string>>) => {
    setParams(new URLSearchParams({ account: accountId, ...period, ...changes }), { replace: true });
  };
  return (
    <Stack gap="lg">
      <Title order={1}>{t('statements.title')}</Title>
      <Text c="dimmed">{t('statements.intro')}</Text>
      {groups.isPending && <Skeleton height={80} aria-busy="true" />}
      {groups.data && accounts.length === 0 && <Alert color="gray">{t('statements.no_accounts')}</Alert>}
      {accounts.length > 0 && <StatementPresets period={period} onChange={(next) => set(next)} />}
      {accounts.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('statements.account')}
            allowDeselect={false}
            data={accounts.map((account) => ({ value: account.id, label: accountDisplayName(account) }))}
            value={accountId}
            onChange={(value) => value && set({ account: value })}
          />
          <DateField label={t('statements.from')} value={period.from} onChange={(from) => set({ from })} />
          <DateField
            label={t('statements.to')}
            value={period.to}
            error={periodError}
            onChange={(to) => set({ to })}
          />
        </SimpleGrid>
      )}
      {accountId && checked.success && <StatementView accountId={accountId} period={checked.data} />}
      <MonthlyStatements />
    </Stack>
  );
}

function StatementView({ accountId, period }: { accountId: string; period: { from: string; to: string } }) {
  const { t } = useTranslation('dashboard');
  const statement = useQuery(statementQuery(accountId, period));
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
    <Card withBorder padding="lg" component="section" aria-labelledby="statement-heading">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} fz="lg" id="statement-heading">
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
        <TransactionsTable lines={data.transactions.data} currency={currency} />
      )}
    </Card>
  );
}
