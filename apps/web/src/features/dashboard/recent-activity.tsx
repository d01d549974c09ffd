import type { AccountSummary } from '@bluepeak/core/accounts';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import { accountDetailsQuery } from './api';
import { signedAmount } from './dashboard-rules';
import { useLineLabel } from './entries-table';
import { recentAcross } from './home-rules';

const RECENT_LINES = 6;

// The newest lines of all the client's accounts together: money in, payments, fees.
export function RecentActivity({ accounts }: { accounts: AccountSummary[] }) {
  const { t } = useTranslation('dashboard');
  const label = useLineLabel();
  const details = useQueries({ queries: accounts.map((account) => accountDetailsQuery(account.id)) });
  const loaded = details.flatMap((query) => (query.data ? [query.data] : []));
  const recent = recentAcross(
    loaded.map((account) => ({ account, lines: account.transactions.data })),
    RECENT_LINES,
  );
  const pending = details.some((query) => query.isPending);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="recent-heading">
      <Title order={2} fz="lg" id="recent-heading" mb="sm">
        {t('home.recent')}
      </Title>
      {pending && recent.length === 0 && (
        <Skeleton role="status" height={120} aria-label={t('home.recent_loading')} />
      )}
      {!pending && recent.length === 0 && <Text c="dimmed">{t('home.recent_empty')}</Text>}
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {recent.map(({ account, line }) => (
          <li key={`${account.id}-${line.id}-${line.direction}`} data-testid="recent-line">
            <UnstyledButton
              component={Link}
              to={`/dashboard/accounts/${account.id}`}
              display="block"
              w="100%"
              p={6}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text fw={600} size="sm">
                    {label(line.code)}
                  </Text>
                  <Text size="xs" c="dimmed" className="tabular-figures">
                    {formatDate(line.event_at)} · {account.currency.code}
                  </Text>
                </Stack>
                <Text fw={700} size="sm" c={line.direction === 'credit' ? 'teal.9' : undefined}>
                  <Money amount={signedAmount(line)} currency={account.currency.code} />
                </Text>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      {accounts[0] && recent.length > 0 && (
        <Anchor component={Link} to="/dashboard/statements" size="sm" mt="sm" display="inline-block">
          {t('home.all_activity')}
        </Anchor>
      )}
    </Card>
  );
}
