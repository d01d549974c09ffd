import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

// A small line over time (a rate's history, an account's balance): the only module that imports
// the chart library, so pages load it lazily (`lazy(() => import(...))`) and the dashboard's
// first chunk does not grow.
export default function SmallLineChart({
  points,
  label,
  height = 180,
}: {
  points: { x: string; y: number }[];
  label: string;
  height?: number;
}) {
  return (
    <LineChart
      h={height}
      data={points}
      dataKey="x"
      series={[{ name: 'y', label, color: 'blue.6' }]}
      curveType="linear"
      withDots={points.length < 3}
      yAxisProps={{ domain: ['auto', 'auto'], width: 70 }}
      xAxisProps={{ minTickGap: 24 }}
    />
  );
}
