import { accountDisplayName } from '@bluepeak/core/accounts';
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { type Account, statementFileUrl } from './api';

// Support reads a client's statement as the client gets it (docs/requirements/statements.md):
// one account, a period (last month unless changed), each of the five files.
const FORMATS = ['pdf', 'csv', 'xlsx', 'camt053', 'mt940'] as const;

/** Last calendar month in UTC days, both included: the period support is asked about most. */
function lastMonthPeriod(now = new Date()) {
  const day = (at: Date) => at.toISOString().slice(0, 10);
  return {
    from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))),
    to: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0))),
  };
}

export function ClientStatements({ clientId, accounts }: { clientId: string; accounts: Account[] }) {
  const { t } = useTranslation('backoffice');
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const [period, setPeriod] = useState(() => lastMonthPeriod());
  if (accounts.length === 0) return <Text c="dimmed">{t('money.no_accounts')}</Text>;
  const valid = accountId !== '' && period.from !== '' && period.to !== '' && period.from <= period.to;
  return (
    <Stack data-testid="client-statements">
      <Group align="flex-end">
        <Select
          label={t('statements.account')}
          value={accountId}
          onChange={(next) => setAccountId(next ?? '')}
          allowDeselect={false}
          data={accounts.map((account) => ({
            value: account.id,
            label: accountDisplayName(account),
          }))}
        />
        <DateField
          label={t('statements.from')}
          value={period.from}
          onChange={(from) => setPeriod((current) => ({ ...current, from }))}
        />
        <DateField
          label={t('statements.to')}
          value={period.to}
          onChange={(to) => setPeriod((current) => ({ ...current, to }))}
        />
      </Group>
      {valid ? (
        <Group gap="md" role="group" aria-label={t('statements.downloads')}>
          {FORMATS.map((format) => (
            <Anchor
              key={format}
              href={statementFileUrl(clientId, accountId, period, format)}
              download
              data-testid={`backoffice-statement-${format}`}
            >
              {t(`statements.format_${format}`)}
            </Anchor>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="red">
          {t('statements.bad_period')}
        </Text>
      )}
    </Stack>
  );
}
