import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { formatDate } from '../lib/format-date';

// A small line over time (a rate's history, an account's balance): the only module that imports
// the chart library, so pages load it lazily (`lazy(() => import(...))`) and the dashboard's
// first chunk does not grow. Each point's `x` is a day or a moment (ISO 8601), shown on the axis
// and in the tooltip as DD-MM-YYYY like every date on screen.
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
      data={points.map((point) => ({ ...point, x: formatDate(point.x) }))}
      dataKey="x"
      series={[{ name: 'y', label, color: 'blue.6' }]}
      curveType="linear"
      withDots={points.length < 3}
      yAxisProps={{ domain: ['auto', 'auto'], width: 70 }}
      xAxisProps={{ minTickGap: 24 }}
    />
  );
}
