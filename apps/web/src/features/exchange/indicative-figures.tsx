import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FigureLine } from '../../components/figure-line';
import { formatMoney, Money } from '../../components/money';
import { formatDate } from '../../lib/format-date';
import type { IndicativeExchange } from './indicative-exchange';

// The price the exchange page shows as the client types, before a quote: labelled indicative,
// with the day of the market rate it comes from; and, before a quote is asked for, that the sell
// account cannot pay for it (docs/requirements/exchange.md, "Web").
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
        <FigureLine label={t('exchange.indicative_get')} testId="indicative-buy">
          <Money amount={price.buy} currency={buyCurrency} />
        </FigureLine>
      ) : (
        <FigureLine label={t('exchange.indicative_sell')} testId="indicative-sell">
          <Money amount={price.sell} currency={sellCurrency} />
        </FigureLine>
      )}
      <FigureLine label={t('exchange.indicative_rate')} testId="indicative-rate">
        {`1 ${sellCurrency} = ${price.rate} ${buyCurrency}`}
      </FigureLine>
      <FigureLine label={t('exchange.indicative_markup')} testId="indicative-markup">
        <Money amount={price.fee} currency={sellCurrency} />
      </FigureLine>
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
