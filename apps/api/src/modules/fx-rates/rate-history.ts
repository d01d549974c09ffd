import { crossRate, formatExchangeRate, parseExchangeRate, rateDecimals } from '@bluepeak/core/fx-rates';
import type { Queryable } from '../../db/database';

// The daily rate history (migration 0100, decision 0021): one rate per currency and day, the last
// one taken that day. A pair's history is the cross rate of each day both legs have one; a
// day without a rate takes the last one before it, so a weekend carries Friday's.

type HistoryRow = { currency: string; day: string; rate_per_eur: string; source: string; fetched_at: Date };

function dayText(value: Date | string): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

export async function listRateHistory(
  db: Queryable,
  input: { currencies?: string[]; sinceDay: string },
): Promise<HistoryRow[]> {
  const rows = await db.query<HistoryRow>(
    `SELECT currency, day, rate_per_eur, source, fetched_at FROM fx_rate_history
      WHERE day >= $1::date AND ($2::text[] IS NULL OR currency = ANY($2::text[]))
      ORDER BY day, currency`,
    [input.sinceDay, input.currencies ?? null],
  );
  return rows.map((row) => ({ ...row, day: dayText(row.day) }));
}

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

/** Today's rates into the history where a currency has none for today yet (at start). */
export async function snapshotRateHistory(db: Queryable, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO fx_rate_history (currency, day, rate_per_eur, source, fetched_at)
     SELECT currency, $1::date, rate_per_eur, source, updated_at FROM fx_rates
     ON CONFLICT (currency, day) DO NOTHING`,
    [now.toISOString().slice(0, 10)],
  );
}
