import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

// A small line over days (the rate history): its own chunk with the chart library.
export default function HistoryChart({
  points,
  label,
}: {
  points: { day: string; value: number }[];
  label: string;
}) {
  return (
    <LineChart
      h={160}
      data={points}
      dataKey="day"
      series={[{ name: 'value', label, color: 'blue.6' }]}
      curveType="linear"
      withDots={points.length < 3}
      yAxisProps={{ domain: ['auto', 'auto'], width: 70 }}
      xAxisProps={{ minTickGap: 24 }}
    />
  );
}
