import type { Exchange } from '@bluepeak/core/exchange';
import type { LaggingReader, Queryable } from '../../db/database';

// The fx_exchanges table (migration 0100): a quote and the exchange it becomes.

export type ExchangeRow = {
  id: string;
  client_id: string;
  from_account_id: string;
  to_account_id: string;
  sell_currency: string;
  buy_currency: string;
  sell_amount_minor: string | number;
  buy_amount_minor: string | number;
  fee_minor: string | number;
  fixed_side: 'sell' | 'buy';
  market_rate: string;
  client_rate: string;
  markup_ppm: number;
  rate_source: string;
  rate_as_of: Date;
  status: 'quoted' | 'completed';
  expires_at: Date;
  created_at: Date;
  completed_at: Date | null;
};

export type NewExchange = Omit<ExchangeRow, 'id' | 'status' | 'created_at' | 'completed_at'> & {
  created_at: Date;
};

const COLUMNS = `id, client_id, from_account_id, to_account_id, sell_currency, buy_currency, sell_amount_minor,
  buy_amount_minor, fee_minor, fixed_side, market_rate, client_rate, markup_ppm, rate_source, rate_as_of,
  status, expires_at, created_at, completed_at`;

export async function insertExchange(db: Queryable, row: NewExchange): Promise<ExchangeRow> {
  const [inserted] = await db.query<ExchangeRow>(
    `INSERT INTO fx_exchanges (client_id, from_account_id, to_account_id, sell_currency, buy_currency,
       sell_amount_minor, buy_amount_minor, fee_minor, fixed_side, market_rate, client_rate, markup_ppm,
       rate_source, rate_as_of, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING ${COLUMNS}`,
    [
      row.client_id,
      row.from_account_id,
      row.to_account_id,
      row.sell_currency,
      row.buy_currency,
      row.sell_amount_minor,
      row.buy_amount_minor,
      row.fee_minor,
      row.fixed_side,
      row.market_rate,
      row.client_rate,
      row.markup_ppm,
      row.rate_source,
      row.rate_as_of,
      row.expires_at,
      row.created_at,
    ],
  );
  if (!inserted) throw new Error('exchange insert returned no row');
  return inserted;
}

/** The client's own exchange; another client's is not found, exactly like one that does not exist. */
export async function findClientExchange(
  db: Queryable,
  clientId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ExchangeRow | undefined> {
  const [row] = await db.query<ExchangeRow>(
    `SELECT ${COLUMNS} FROM fx_exchanges WHERE id = $1 AND client_id = $2${options.lock ? ' FOR UPDATE' : ''}`,
    [id, clientId],
  );
  return row;
}

export async function markCompleted(tx: Queryable, id: string, at: Date): Promise<ExchangeRow> {
  const [row] = await tx.query<ExchangeRow>(
    `UPDATE fx_exchanges SET status = 'completed', completed_at = $2 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, at],
  );
  if (!row) throw new Error(`exchange ${id} vanished while confirming it`);
  return row;
}

export function toExchange(row: ExchangeRow, now: Date): Exchange {
  const expired = row.status === 'quoted' && row.expires_at.getTime() <= now.getTime();
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    rate: row.client_rate,
    market_rate: row.market_rate,
    markup_ppm: row.markup_ppm,
    sell_amount: Number(row.sell_amount_minor),
    sell_currency: row.sell_currency,
    buy_amount: Number(row.buy_amount_minor),
    buy_currency: row.buy_currency,
    fee: Number(row.fee_minor),
    fixed_side: row.fixed_side,
    from_account_id: row.from_account_id,
    to_account_id: row.to_account_id,
    rate_source: row.rate_source,
    rate_as_of: row.rate_as_of.toISOString(),
    expires_at: row.expires_at.toISOString(),
    expires_in_ms: row.status === 'quoted' ? Math.max(0, row.expires_at.getTime() - now.getTime()) : 0,
    created_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
  };
}

/** The currencies of each exchange named, sold first: what its statement lines name as the counterparty. */
export async function exchangePairs(
  db: LaggingReader,
  exchangeIds: readonly string[],
): Promise<Map<string, { sell: string; buy: string }>> {
  const ids = [...new Set(exchangeIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; sell_currency: string; buy_currency: string }>(
    'SELECT id, sell_currency, buy_currency FROM fx_exchanges WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { sell: row.sell_currency, buy: row.buy_currency }]));
}
