import { Card, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { rateHistoryQuery } from './api';
import { rateChartView } from './rate-chart-view';

const SmallLineChart = lazy(() => import('../../components/small-line-chart'));

// The pair's market rate over the last 30 days (docs/requirements/exchange.md), dated by its newest
// rate; without a history (none yet, or it could not be loaded) there is no chart at all. The
// chart library comes in its own chunk, after the form.
export function RateChart({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('dashboard');
  const history = useQuery(rateHistoryQuery(from, to));
  const chart = rateChartView(history.data);
  if (!chart) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('exchange.chart_title', { from, to })}>
      <Title order={2} fz="md">
        {t('exchange.chart_title', { from, to })}
      </Title>
      <Text size="xs" c="dimmed" mb="sm" data-testid="rate-chart-latest">
        {t('exchange.chart_latest', { date: chart.latest })}
      </Text>
      <Suspense fallback={<Skeleton height={180} />}>
        <SmallLineChart points={chart.points} label={`${from}/${to}`} />
      </Suspense>
    </Card>
  );
}
