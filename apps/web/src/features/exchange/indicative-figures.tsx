import { Alert, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import type { IndicativeExchange } from './indicative-exchange';

// The price the exchange page shows as the client types, before a quote: labelled indicative,
// with the day of the market rate it comes from; and, before a quote is asked for, that the sell
// account cannot pay for it (docs/requirements/exchange.md, "Web").
function Line({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

export function IndicativeFigures({
  price,
  side,
  sellCurrency,
  buyCurrency,
  rateDay,
  available,
}: {
  price: IndicativeExchange | undefined;
  side: 'sell' | 'buy';
  sellCurrency: string;
  buyCurrency: string;
  rateDay: string | undefined;
  available: number;
}) {
  const { t } = useTranslation('dashboard');
  if (!price?.ok) return null;
  return (
    <Stack gap={4} aria-live="polite" data-testid="exchange-indicative">
      <Text size="xs" c="dimmed">
        {t('exchange.indicative', { day: rateDay ? formatDate(rateDay) : '' })}
      </Text>
      {side === 'sell' ? (
        <Line label={t('exchange.indicative_get')} testId="indicative-buy">
          <Money amount={price.buy} currency={buyCurrency} />
        </Line>
      ) : (
        <Line label={t('exchange.indicative_sell')} testId="indicative-sell">
          <Money amount={price.sell} currency={sellCurrency} />
        </Line>
      )}
      <Line label={t('exchange.indicative_rate')} testId="indicative-rate">
        {`1 ${sellCurrency} = ${price.rate} ${buyCurrency}`}
      </Line>
      <Line label={t('exchange.indicative_markup')} testId="indicative-markup">
        <Money amount={price.fee} currency={sellCurrency} />
      </Line>
      {!price.covered && (
        <Alert color="red" data-testid="exchange-uncovered">
          {t('exchange.uncovered', {
            sell: formatMoney(price.sell, sellCurrency),
            available: formatMoney(Math.max(0, available), sellCurrency),
          })}
        </Alert>
      )}
    </Stack>
  );
}
