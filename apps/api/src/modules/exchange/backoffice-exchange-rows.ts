import type { Queryable } from '../../db/database';
import type { ExchangeRow } from './exchange-rows';

// The back office's reads of exchanges: the filtered list and FX income per day (the markup of
// completed exchanges, in each sell currency).

export type ExchangeFilter = {
  status?: 'quoted' | 'expired' | 'completed' | undefined;
  currency?: string | undefined;
  clientId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  limit: number;
  now: Date;
};

export type ListedExchange = ExchangeRow & {
  client_type: 'PRIVATE' | 'CORPORATE';
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  email: string;
  total: number;
};

export async function listExchanges(db: Queryable, filter: ExchangeFilter): Promise<ListedExchange[]> {
  return db.query<ListedExchange>(
    `SELECT x.*, c.type AS client_type, c.first_name, c.last_name, c.company_name, c.email,
            count(*) OVER ()::integer AS total
       FROM fx_exchanges x JOIN clients c ON c.id = x.client_id
      WHERE ($8::text IS NULL OR ($8 = 'completed' AND x.status = 'completed')
          OR ($8 = 'quoted' AND x.status = 'quoted' AND x.expires_at > $6::timestamptz)
          OR ($8 = 'expired' AND x.status = 'quoted' AND x.expires_at <= $6::timestamptz))
        AND ($1::text IS NULL OR x.sell_currency = $1 OR x.buy_currency = $1)
        AND ($2::uuid IS NULL OR x.client_id = $2)
        AND ($3::date IS NULL OR x.created_at >= $3::date)
        AND ($4::date IS NULL OR x.created_at < $4::date + 1)
      ORDER BY x.created_at DESC, x.id DESC
      LIMIT $5 OFFSET $7`,
    [
      filter.currency ?? null,
      filter.clientId ?? null,
      filter.from ?? null,
      filter.to ?? null,
      filter.limit,
      filter.now,
      (filter.page - 1) * filter.limit,
      filter.status ?? null,
    ],
  );
}

export async function fxIncomeByDay(
  db: Queryable,
  input: { sinceDay: string },
): Promise<{ day: string; currency: string; income: number; count: number }[]> {
  const rows = await db.query<{ day: string | Date; currency: string; income: number; count: number }>(
    `SELECT (completed_at AT TIME ZONE 'UTC')::date AS day, sell_currency AS currency,
            sum(fee_minor)::bigint AS income, count(*)::integer AS count
       FROM fx_exchanges WHERE status = 'completed' AND completed_at >= $1::date
      GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
    [input.sinceDay],
  );
  return rows.map((row) => ({
    ...row,
    day: row.day instanceof Date ? row.day.toISOString().slice(0, 10) : String(row.day).slice(0, 10),
  }));
}
