import type { Queryable } from '../../db/database';

// The fx_rate_history table (migration 0100, decision 0021): one rate per currency and day, the
// last one taken that day.

export type HistoryRow = {
  currency: string;
  day: string;
  rate_per_eur: string;
  source: string;
  fetched_at: Date;
};

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

/**
 * Keeps a rate as its currency's rate of the day, so charts and the back office have a history.
 * As in fx_rates, a feed's or an operator's rate replaces the shipped reference rate of the day
 * whatever their times (an ECB file is stamped with its publication time, which may be earlier
 * than the reference rate taken at start); otherwise the newer rate wins.
 */
export async function recordRateHistory(
  tx: Queryable,
  rates: { currency: string; ratePerEur: string; source: string; at: Date }[],
): Promise<void> {
  if (rates.length === 0) return;
  await tx.query(
    `INSERT INTO fx_rate_history (currency, day, rate_per_eur, source, fetched_at)
     SELECT code, (at AT TIME ZONE 'UTC')::date, rate, source, at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) AS t(code, rate, source, at)
     ON CONFLICT (currency, day) DO UPDATE SET rate_per_eur = EXCLUDED.rate_per_eur,
       source = EXCLUDED.source, fetched_at = EXCLUDED.fetched_at
     WHERE CASE
             WHEN EXCLUDED.source = 'reference' AND fx_rate_history.source <> 'reference' THEN false
             WHEN fx_rate_history.source = 'reference' AND EXCLUDED.source <> 'reference' THEN true
             ELSE fx_rate_history.fetched_at <= EXCLUDED.fetched_at
           END`,
    [
      rates.map((rate) => rate.currency),
      rates.map((rate) => rate.ratePerEur),
      rates.map((rate) => rate.source),
      rates.map((rate) => rate.at.toISOString()),
    ],
  );
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
