import type { AccountSummary } from '@bluepeak/core/accounts';
import { FX_REFERENCE_RATES_AS_OF } from '@bluepeak/core/fx-rates';
import { Card, Group, NativeSelect, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import { totalCurrency, totalIn } from './home-rules';

// The total of every account in one currency the client picks (remembered on this device). Other
// currencies count at the reference rates, so the total is marked as an estimate.
export function HomeTotal({ accounts }: { accounts: AccountSummary[] }) {
  const { t } = useTranslation('dashboard');
  const held = [...new Set(accounts.map((account) => account.currency.code))];
  const [chosen, setChosen] = useLocalStorage<string>({ key: 'bluepeak-total-currency', defaultValue: '' });
  const currency = totalCurrency(held, chosen);
  const total = totalIn(accounts, currency);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="home-total-heading">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={2} fz="sm" fw={600} c="dimmed" id="home-total-heading">
            {t('home.total')}
          </Title>
          <Text fz={32} fw={800} lh={1.1} data-testid="home-total">
            {total.converted && (
              <>
                <span aria-hidden>≈&nbsp;</span>
                <VisuallyHidden>{t('home.about')} </VisuallyHidden>
              </>
            )}
            <Money amount={total.amount} currency={currency} />
          </Text>
          {total.converted && (
            <Text size="xs" c="dimmed">
              {t('home.estimate', { date: formatDate(FX_REFERENCE_RATES_AS_OF) })}
            </Text>
          )}
          {total.leftOut.length > 0 && (
            <Text size="xs">{t('home.left_out', { currencies: total.leftOut.join(', ') })}</Text>
          )}
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
