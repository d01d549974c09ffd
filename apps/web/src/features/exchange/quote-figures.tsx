import type { Exchange } from '@bluepeak/core/exchange';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Money } from '../../components/money';

// The figures of a quote or a booked exchange: both amounts, the rate the client gets, the market
// rate and the markup in money (docs/requirements/exchange.md).
export function QuoteFigures({ exchange }: { exchange: Exchange }) {
  const { t } = useTranslation('dashboard');
  const percent = (exchange.markup_ppm / 10_000).toFixed(2);
  const rows = [
    {
      key: 'sell',
      label: t('exchange.you_sell'),
      value: <Money amount={exchange.sell_amount} currency={exchange.sell_currency} />,
    },
    {
      key: 'buy',
      label: t('exchange.you_get'),
      value: <Money amount={exchange.buy_amount} currency={exchange.buy_currency} />,
    },
    {
      key: 'rate',
      label: t('exchange.your_rate'),
      value: `1 ${exchange.sell_currency} = ${exchange.rate} ${exchange.buy_currency}`,
    },
    {
      key: 'market',
      label: t('exchange.market_rate'),
      value: `1 ${exchange.sell_currency} = ${exchange.market_rate} ${exchange.buy_currency}`,
    },
    {
      key: 'fee',
      label: t('exchange.markup', { percent }),
      value: <Money amount={exchange.fee} currency={exchange.sell_currency} />,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
      {rows.map((row) => (
        <Stack key={row.key} gap={0} data-testid={`quote-${row.key}`}>
          <Text component="dt" size="sm" c="dimmed">
            {row.label}
          </Text>
          <Text
            component="dd"
            m={0}
            fw={row.key === 'buy' || row.key === 'sell' ? 700 : 500}
            style={{ overflowWrap: 'anywhere' }}
          >
            {row.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function ExchangeStatus({ status }: { status: Exchange['status'] }) {
  const { t } = useTranslation('dashboard');
  // Plain bold text: a coloured badge failed the contrast check on the result page.
  return (
    <Text fw={700} size="sm" data-testid="exchange-status">
      {t(`exchange.status.${status}`)}
    </Text>
  );
}
