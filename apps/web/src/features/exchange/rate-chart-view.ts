import { formatDate } from '../../lib/format-date';

// What the rate chart draws (docs/requirements/exchange.md): a pair's daily history, or nothing
// at all when there is none to draw, never an empty chart. One day alone is a dot, not a
// history, so it takes two.

export type RateChartView = {
  /** One point a day, `x` the day (YYYY-MM-DD: the chart shows it as DD-MM-YYYY). */
  points: { x: string; y: number }[];
  /** The day of the newest rate, DD-MM-YYYY: how old the rates are, said under the title. */
  latest: string;
};

export function rateChartView(
  history: readonly { day: string; rate: number }[] | undefined,
): RateChartView | null {
  const last = history?.at(-1);
  if (!history || !last || history.length < 2) return null;
  return { points: history.map((point) => ({ x: point.day, y: point.rate })), latest: formatDate(last.day) };
}
