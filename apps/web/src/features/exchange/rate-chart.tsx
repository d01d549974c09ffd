import { Card, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { rateHistoryQuery } from './api';

const SmallLineChart = lazy(() => import('../../components/small-line-chart'));

// The pair's market rate over the last 30 days (docs/requirements/exchange.md); the chart library
// comes in its own chunk, after the form.
export function RateChart({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('dashboard');
  const history = useQuery(rateHistoryQuery(from, to));
  const points = (history.data ?? []).map((point) => ({ x: point.day, y: point.rate }));
  return (
    <Card withBorder padding="lg" component="section" aria-label={t('exchange.chart_title', { from, to })}>
      <Title order={2} fz="md" mb="sm">
        {t('exchange.chart_title', { from, to })}
      </Title>
      {points.length === 0 ? (
        <Text size="sm" c="dimmed">
          {history.isPending ? t('exchange.chart_loading') : t('exchange.chart_empty')}
        </Text>
      ) : (
        <Suspense fallback={<Skeleton height={180} />}>
          <SmallLineChart points={points} label={`${from}/${to}`} />
        </Suspense>
      )}
    </Card>
  );
}
