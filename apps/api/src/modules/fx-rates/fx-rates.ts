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
import { recordRateHistory } from './fx-rate-history-rows';
import {
  type FxRateRow,
  findFxRatePerEur,
  insertReferenceFxRates,
  listFxRates,
  listFxRatesOf,
  lockFxRate,
  upsertFeedFxRates,
  upsertOperatorFxRate,
} from './fx-rate-rows';

// Reference FX rates per EUR (docs/architecture.md, "The outside world": shipped reference rates,
// editable by operators). The shipped table is copied into `fx_rates` at start for currencies
// the table lacks, so an operator's edit is never overwritten by a restart.

export async function ensureFxRates(db: Queryable): Promise<number> {
  const entries = Object.entries(fxReferenceRates);
  const rows = await insertReferenceFxRates(
    db,
    entries.map(([code]) => code),
    entries.map(([, rate]) => rate),
    FX_REFERENCE_RATES_AS_OF,
  );
  return rows.length;
}

/** A stored rate as the API gives it: `as_of` is the day the rate is of. */
export function fxRateView(row: FxRateRow) {
  const asOf =
    row.as_of instanceof Date ? row.as_of.toISOString().slice(0, 10) : String(row.as_of).slice(0, 10);
  return {
    currency: row.currency,
    rate_per_eur: row.rate_per_eur,
    source: row.source,
    as_of: asOf,
    updated_at: row.updated_at.toISOString(),
  };
}

/** Every currency's market rate per euro now, with where it came from and the day it is of. */
export async function listMarketRates(db: Queryable) {
  return (await listFxRates(db)).map(fxRateView);
}

async function ratePerEur(db: Queryable, currency: string): Promise<ExchangeRate | undefined> {
  if (currency === 'EUR') return parseExchangeRate('EUR', 'EUR', '1');
  const row = await findFxRatePerEur(db, currency);
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
  const before = await lockFxRate(tx, input.currency);
  const row = await upsertOperatorFxRate(tx, input.currency, input.ratePerEur, input.operatorId);
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
  const rows = await listFxRatesOf(
    db,
    [from, to].filter((code) => code !== 'EUR'),
  );
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
 * Rates of one day from a feed (the ECB file, an HTTP source, the shipped table), each with its
 * source and time. A feed replaces the shipped table; otherwise a currency whose stored rate is newer
 * keeps it. Every rate goes to the history.
 */
export async function storeFeedRates(
  tx: Queryable,
  input: { rates: Record<string, string>; source: FxRateRow['source']; day: string; at: Date },
): Promise<number> {
  const codes = Object.keys(input.rates).filter((code) => code !== 'EUR');
  const stored = await upsertFeedFxRates(tx, {
    codes,
    rates: codes.map((code) => input.rates[code]),
    source: input.source,
    day: input.day,
    at: input.at,
  });
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
