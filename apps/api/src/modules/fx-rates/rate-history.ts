import { crossRate, formatExchangeRate, parseExchangeRate, rateDecimals } from '@bluepeak/core/fx-rates';
import type { Queryable } from '../../db/database';
import { type HistoryRow, listRateHistory } from './fx-rate-history-rows';

// The daily rate history (migration 0100, decision 0021): one rate per currency and day, the last
// one taken that day. A pair's history is the cross rate of each day both legs have one; a
// day without a rate takes the last one before it, so a weekend carries Friday's.

export async function pairRateHistory(
  db: Queryable,
  input: { from: string; to: string; days: number; now: Date },
): Promise<{ day: string; rate: string }[]> {
  const since = new Date(input.now.getTime() - (input.days - 1) * 86_400_000);
  const sinceDay = since.toISOString().slice(0, 10);
  // A week before the window too, so the first days can carry a rate forward.
  const lookBack = new Date(since.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  const rows = await listRateHistory(db, { currencies: [input.from, input.to], sinceDay: lookBack });
  const last = new Map<string, string>([['EUR', '1']]);
  const byDay = new Map<string, HistoryRow[]>();
  for (const row of rows) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  const points: { day: string; rate: string }[] = [];
  for (
    let at = new Date(`${lookBack}T00:00:00Z`);
    at <= input.now;
    at = new Date(at.getTime() + 86_400_000)
  ) {
    const day = at.toISOString().slice(0, 10);
    for (const row of byDay.get(day) ?? []) last.set(row.currency, row.rate_per_eur);
    const perFrom = last.get(input.from);
    const perTo = last.get(input.to);
    if (day < sinceDay || !perFrom || !perTo) continue;
    const rate = crossRate(
      parseExchangeRate('EUR', input.from, perFrom),
      parseExchangeRate('EUR', input.to, perTo),
    );
    points.push({ day, rate: formatExchangeRate(rate, rateDecimals(rate)) });
  }
  return points;
}
