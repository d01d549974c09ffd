import {
  clientRate,
  crossRate,
  type ExchangeRate,
  FX_REFERENCE_RATES_AS_OF,
  fxReferenceRates,
  parseExchangeRate,
} from '@bluepeak/core/fx-rates';
import type { Queryable } from '../../db/database';
import type { AuditEntry } from '../audit';
import { writeAuditEntry } from '../audit';

// Reference FX rates per EUR (docs/architecture.md, "The outside world": shipped reference rates,
// editable by operators). The shipped table is copied into `fx_rates` at start for currencies
// the table lacks, so an operator's edit is never overwritten by a restart.

export type FxRateRow = {
  currency: string;
  rate_per_eur: string;
  source: 'reference' | 'operator' | 'ecb_upload' | 'http';
  as_of: Date | string;
  updated_at: Date;
};

export async function ensureFxRates(db: Queryable): Promise<number> {
  const entries = Object.entries(fxReferenceRates);
  const rows = await db.query(
    `INSERT INTO fx_rates (currency, rate_per_eur, source, as_of)
     SELECT code, rate, 'reference', $3::date FROM unnest($1::text[], $2::text[]) AS t(code, rate)
     ON CONFLICT (currency) DO NOTHING RETURNING currency`,
    [entries.map(([code]) => code), entries.map(([, rate]) => rate), FX_REFERENCE_RATES_AS_OF],
  );
  return rows.length;
}

export async function listFxRates(db: Queryable): Promise<FxRateRow[]> {
  return db.query<FxRateRow>('SELECT * FROM fx_rates ORDER BY currency');
}

async function ratePerEur(db: Queryable, currency: string): Promise<ExchangeRate | undefined> {
  if (currency === 'EUR') return parseExchangeRate('EUR', 'EUR', '1');
  const [row] = await db.query<{ rate_per_eur: string }>(
    'SELECT rate_per_eur FROM fx_rates WHERE currency = $1',
    [currency],
  );
  return row ? parseExchangeRate('EUR', currency, row.rate_per_eur) : undefined;
}

/** The market rate from `from` to `to` through the euro, or undefined when either has no rate. */
export async function marketRate(db: Queryable, from: string, to: string): Promise<ExchangeRate | undefined> {
  const [perFrom, perTo] = await Promise.all([ratePerEur(db, from), ratePerEur(db, to)]);
  if (!perFrom || !perTo) return undefined;
  return crossRate(perFrom, perTo);
}

export function clientRateFor(market: ExchangeRate, markupPpm: number): ExchangeRate {
  return clientRate(market, markupPpm);
}

export async function updateFxRate(
  tx: Queryable,
  input: { currency: string; ratePerEur: string; operatorId: string; actor: Omit<AuditEntry, 'action'> },
): Promise<FxRateRow> {
  const [before] = await tx.query<FxRateRow>('SELECT * FROM fx_rates WHERE currency = $1 FOR UPDATE', [
    input.currency,
  ]);
  const [row] = await tx.query<FxRateRow>(
    `INSERT INTO fx_rates (currency, rate_per_eur, source, as_of, updated_at, updated_by)
     VALUES ($1, $2, 'operator', current_date, now(), $3)
     ON CONFLICT (currency) DO UPDATE SET rate_per_eur = EXCLUDED.rate_per_eur, source = 'operator',
       as_of = current_date, updated_at = now(), updated_by = EXCLUDED.updated_by
     RETURNING *`,
    [input.currency, input.ratePerEur, input.operatorId],
  );
  if (!row) throw new Error('fx rate upsert returned no row');
  await recordRateHistory(tx, [
    { currency: row.currency, ratePerEur: row.rate_per_eur, source: row.source, at: row.updated_at },
  ]);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'fx_rate.updated',
    objectType: 'fx_rate',
    objectId: input.currency,
    details: { before: before?.rate_per_eur ?? null, after: input.ratePerEur },
  });
  return row;
}

export type SourcedRate = { rate: ExchangeRate; source: string; asOf: Date };

/**
 * The market rate from `from` to `to` with where it came from and when: the older of its two
 * legs' times and, when they differ, both sources. The euro's own leg has no source or time.
 */
export async function sourcedMarketRate(
  db: Queryable,
  from: string,
  to: string,
): Promise<SourcedRate | undefined> {
  const rows = await db.query<FxRateRow>('SELECT * FROM fx_rates WHERE currency = ANY($1::text[])', [
    [from, to].filter((code) => code !== 'EUR'),
  ]);
  const perFrom = from === 'EUR' ? euroLeg() : rowLeg(rows, from);
  const perTo = to === 'EUR' ? euroLeg() : rowLeg(rows, to);
  if (!perFrom || !perTo) return undefined;
  const dated = [perFrom.row, perTo.row].filter((row): row is FxRateRow => row !== undefined);
  const sources = [...new Set(dated.map((row) => row.source))].join('+');
  const oldest = dated.reduce<Date | undefined>(
    (older, row) => (older && older < row.updated_at ? older : row.updated_at),
    undefined,
  );
  return { rate: crossRate(perFrom.rate, perTo.rate), source: sources, asOf: oldest ?? new Date(0) };
}

type Leg = { rate: ExchangeRate; row?: FxRateRow };

function euroLeg(): Leg {
  return { rate: parseExchangeRate('EUR', 'EUR', '1') };
}

function rowLeg(rows: FxRateRow[], code: string): Leg | undefined {
  const row = rows.find((candidate) => candidate.currency === code);
  return row ? { rate: parseExchangeRate('EUR', code, row.rate_per_eur), row } : undefined;
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

/**
 * Rates of one day from a feed (the ECB file, an HTTP source, the shipped table), each with its
 * source and time. A feed replaces the shipped table; otherwise a currency whose stored rate is newer
 * keeps it. Every rate goes to the history.
 */
export async function storeFeedRates(
  tx: Queryable,
  input: { rates: Record<string, string>; source: FxRateRow['source']; day: string; at: Date },
): Promise<number> {
  const codes = Object.keys(input.rates).filter((code) => code !== 'EUR');
  const stored = await tx.query(
    `INSERT INTO fx_rates (currency, rate_per_eur, source, as_of, updated_at)
     SELECT code, rate, $3, $4::date, $5 FROM unnest($1::text[], $2::text[]) AS t(code, rate)
     ON CONFLICT (currency) DO UPDATE SET rate_per_eur = EXCLUDED.rate_per_eur, source = EXCLUDED.source,
       as_of = EXCLUDED.as_of, updated_at = EXCLUDED.updated_at, updated_by = NULL
     WHERE fx_rates.source = 'reference' OR fx_rates.updated_at <= EXCLUDED.updated_at
     RETURNING currency`,
    [codes, codes.map((code) => input.rates[code]), input.source, input.day, input.at],
  );
  await recordRateHistory(
    tx,
    codes.map((code) => ({
      currency: code,
      ratePerEur: input.rates[code] ?? '',
      source: input.source,
      at: input.at,
    })),
  );
  return stored.length;
}
