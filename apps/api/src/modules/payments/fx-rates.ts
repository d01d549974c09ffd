import { clientRate, crossRate, type ExchangeRate, parseExchangeRate } from '@bluepeak/core/fees';
import { FX_REFERENCE_RATES_AS_OF, fxReferenceRates } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import type { AuditEntry } from '../audit';
import { writeAuditEntry } from '../audit';

// Reference FX rates per EUR (docs/architecture.md, "The outside world": shipped reference rates,
// editable by operators). The shipped table is copied into `fx_rates` at start for currencies
// the table lacks, so an operator's edit is never overwritten by a restart.

export type FxRateRow = {
  currency: string;
  rate_per_eur: string;
  source: 'reference' | 'operator';
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
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'fx_rate.updated',
    objectType: 'fx_rate',
    objectId: input.currency,
    details: { before: before?.rate_per_eur ?? null, after: input.ratePerEur },
  });
  return row;
}
