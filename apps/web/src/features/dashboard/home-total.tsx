import type { AccountSummary } from '@bluepeak/core/accounts';
import { Card, Group, NativeSelect, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import { marketRatesQuery } from './api';
import { shippedRateTable, type HomeTotal as Total, totalCurrency, totalIn } from './home-rules';

// The total of every account in one currency the client picks (remembered on this device). Other
// currencies count at the market rates, so the total is marked as an estimate with the day of its
// rates; the shipped table, with its own day, only when the stored rates cannot be read.
export function HomeTotal({ accounts }: { accounts: AccountSummary[] }) {
  const { t } = useTranslation('dashboard');
  const held = [...new Set(accounts.map((account) => account.currency.code))];
  const [chosen, setChosen] = useLocalStorage<string>({ key: 'bluepeak-total-currency', defaultValue: '' });
  const currency = totalCurrency(held, chosen);
  const market = useQuery(marketRatesQuery);
  const rates = market.data ?? (market.isError ? shippedRateTable() : undefined);
  const total = rates && totalIn(accounts, currency, rates);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="home-total-heading">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={2} fz="sm" fw={600} c="dimmed" id="home-total-heading">
            {t('home.total')}
          </Title>
          {total ? <TotalFigures total={total} /> : <Skeleton height={36} width={220} />}
        </Stack>
        {held.length > 1 && (
          <NativeSelect
            label={t('home.total_in')}
            data={held}
            value={currency}
            onChange={(event) => setChosen(event.currentTarget.value)}
          />
        )}
      </Group>
    </Card>
  );
}

function TotalFigures({ total }: { total: Total }) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Text fz={32} fw={800} lh={1.1} data-testid="home-total">
        {total.converted && (
          <>
            <span aria-hidden>≈&nbsp;</span>
            <VisuallyHidden>{t('home.about')} </VisuallyHidden>
          </>
        )}
        <Money amount={total.amount} currency={total.currency} />
      </Text>
      {total.ratesOf && (
        <Text size="xs" c="dimmed" data-testid="home-total-rates">
          {t('home.estimate', { date: formatDate(total.ratesOf) })}
        </Text>
      )}
      {total.leftOut.length > 0 && (
        <Text size="xs">{t('home.left_out', { currencies: total.leftOut.join(', ') })}</Text>
      )}
    </>
  );
}
