import type { AccountEntry } from '@bluepeak/core/accounts';
import { currencyExponent } from '@bluepeak/core/reference';
import { Card, Skeleton, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const SmallLineChart = lazy(() => import('../../components/small-line-chart'));

// The account's balance after each of its recent lines, oldest first (docs/requirements/exchange.md,
// "seeing it"); the chart library comes in its own chunk. Nothing to draw below two lines.
export function BalanceChart({ lines, currency }: { lines: AccountEntry[]; currency: string }) {
  const { t } = useTranslation('dashboard');
  if (lines.length < 2) return null;
  const exponent = currencyExponent(currency);
  const points = [...lines]
    .reverse()
    .map((line) => ({ x: line.event_at, y: line.balance_after / 10 ** exponent }));
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="balance-chart">
      <Title order={2} fz="lg" id="balance-chart" mb="sm">
        {t('account.balance_chart', { currency })}
      </Title>
      <Suspense fallback={<Skeleton height={160} />}>
        <SmallLineChart points={points} label={currency} height={160} />
      </Suspense>
    </Card>
  );
}
