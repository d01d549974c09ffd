import type { Queryable } from '../../db/database';

// The fx_rates table: one market rate per euro for each currency, with where it came from.

export type FxRateRow = {
  currency: string;
  rate_per_eur: string;
  source: 'reference' | 'operator' | 'ecb_upload' | 'http';
  as_of: Date | string;
  updated_at: Date;
};

/** The shipped reference rates of the currencies the table lacks; an operator's edit is never overwritten. */
export async function insertReferenceFxRates(
  db: Queryable,
  codes: string[],
  rates: string[],
  asOf: string,
): Promise<{ currency: string }[]> {
  return db.query<{ currency: string }>(
    `INSERT INTO fx_rates (currency, rate_per_eur, source, as_of)
     SELECT code, rate, 'reference', $3::date FROM unnest($1::text[], $2::text[]) AS t(code, rate)
     ON CONFLICT (currency) DO NOTHING RETURNING currency`,
    [codes, rates, asOf],
  );
}

export async function listFxRates(db: Queryable): Promise<FxRateRow[]> {
  return db.query<FxRateRow>('SELECT * FROM fx_rates ORDER BY currency');
}

export async function findFxRatePerEur(
  db: Queryable,
  currency: string,
): Promise<{ rate_per_eur: string } | undefined> {
  const [row] = await db.query<{ rate_per_eur: string }>(
    'SELECT rate_per_eur FROM fx_rates WHERE currency = $1',
    [currency],
  );
  return row;
}

export async function listFxRatesOf(db: Queryable, currencies: string[]): Promise<FxRateRow[]> {
  return db.query<FxRateRow>('SELECT * FROM fx_rates WHERE currency = ANY($1::text[])', [currencies]);
}

export async function lockFxRate(tx: Queryable, currency: string): Promise<FxRateRow | undefined> {
  const [row] = await tx.query<FxRateRow>('SELECT * FROM fx_rates WHERE currency = $1 FOR UPDATE', [
    currency,
  ]);
  return row;
}

export async function upsertOperatorFxRate(
  tx: Queryable,
  currency: string,
  ratePerEur: string,
  operatorId: string,
): Promise<FxRateRow | undefined> {
  const [row] = await tx.query<FxRateRow>(
    `INSERT INTO fx_rates (currency, rate_per_eur, source, as_of, updated_at, updated_by)
     VALUES ($1, $2, 'operator', current_date, now(), $3)
     ON CONFLICT (currency) DO UPDATE SET rate_per_eur = EXCLUDED.rate_per_eur, source = 'operator',
       as_of = current_date, updated_at = now(), updated_by = EXCLUDED.updated_by
     RETURNING *`,
    [currency, ratePerEur, operatorId],
  );
  return row;
}

/**
 * A feed's rates of one day: they replace the shipped table; otherwise a currency whose stored
 * rate is newer keeps it. Returns the currencies stored.
 */
export async function upsertFeedFxRates(
  tx: Queryable,
  input: {
    codes: string[];
    rates: (string | undefined)[];
    source: FxRateRow['source'];
    day: string;
    at: Date;
  },
): Promise<{ currency: string }[]> {
  return tx.query<{ currency: string }>(
    `INSERT INTO fx_rates (currency, rate_per_eur, source, as_of, updated_at)
     SELECT code, rate, $3, $4::date, $5 FROM unnest($1::text[], $2::text[]) AS t(code, rate)
     ON CONFLICT (currency) DO UPDATE SET rate_per_eur = EXCLUDED.rate_per_eur, source = EXCLUDED.source,
       as_of = EXCLUDED.as_of, updated_at = EXCLUDED.updated_at, updated_by = NULL
     WHERE fx_rates.source = 'reference' OR fx_rates.updated_at <= EXCLUDED.updated_at
     RETURNING currency`,
    [input.codes, input.rates, input.source, input.day, input.at],
  );
}

/**
 * The demo's rates of a new day (decision 0049): only currencies still on the shipped table and on
 * an earlier day move, so an operator's rate or a feed's is never overwritten and a second call on
 * the same day changes nothing. Returns the currencies moved.
 */
export async function moveReferenceFxRates(
  tx: Queryable,
  input: { codes: string[]; rates: string[]; day: string; at: Date },
): Promise<{ currency: string }[]> {
  return tx.query<{ currency: string }>(
    `UPDATE fx_rates SET rate_per_eur = t.rate, as_of = $3::date, updated_at = $4
       FROM unnest($1::text[], $2::text[]) AS t(code, rate)
      WHERE fx_rates.currency = t.code AND fx_rates.source = 'reference' AND fx_rates.as_of < $3::date
     RETURNING fx_rates.currency`,
    [input.codes, input.rates, input.day, input.at],
  );
}
