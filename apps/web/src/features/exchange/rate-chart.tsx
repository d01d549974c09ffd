import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Card, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rateHistoryQuery } from './api';

// The pair's market rate over the last 30 days (docs/requirements/exchange.md). A chunk of its own
// with the chart library, loaded by the exchange page only.
export default function RateChart({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('dashboard');
  const history = useQuery(rateHistoryQuery(from, to));
  const points = history.data ?? [];
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
        <LineChart
          h={180}
          data={points}
          dataKey="day"
          series={[{ name: 'rate', label: `${from}/${to}`, color: 'blue.6' }]}
          curveType="linear"
          withDots={points.length < 3}
          yAxisProps={{ domain: ['auto', 'auto'], width: 70 }}
          xAxisProps={{ minTickGap: 24 }}
        />
      )}
    </Card>
  );
}
