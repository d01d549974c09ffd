import { statementQuerySchema } from '@bluepeak/core/accounts';
import { Alert, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '../../components/date-field';
import { usePageTitle } from '../../components/use-page-title';
import { accountGroupsQuery } from '../../lib/queries/account-groups';
import { accountDisplayName } from './dashboard-rules';
import { MonthlyStatements } from './monthly-statements';
import { StatementPresets } from './statement-presets';
import { ALL_ACCOUNTS, AllAccountsView, StatementView } from './statement-view';

// /dashboard/statements (docs/requirements/accounts.md; approved clients only): one account's posted lines
// over a period of days (UTC, both included) with the opening and closing balance, as the
// ledger holds them, and the same statement as a PDF, CSV, XLSX, camt.053 or MT940 download. The account and the period live
// in the address, so a statement can be bookmarked and the back button works. "All accounts"
// (`account=all`) shows each account's statement and downloads one document covering them all.
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
  const chosen = accounts.find((account) => account.id === accountId);
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
            data={[
              { value: ALL_ACCOUNTS, label: t('statements.all_accounts') },
              ...accounts.map((account) => ({ value: account.id, label: accountDisplayName(account) })),
            ]}
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
      {accountId === ALL_ACCOUNTS && checked.success && (
        <AllAccountsView accounts={accounts} period={checked.data} />
      )}
      {chosen && checked.success && <StatementView account={chosen} period={checked.data} />}
      <MonthlyStatements />
    </Stack>
  );
}
