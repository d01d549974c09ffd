import type { OwedFee } from '@bluepeak/core';
import type { Queryable } from '../../db/database';

// The client_fees table: a fee is recorded owed (or, for a closing fee, about to be charged) and
// then points at the ledger transfer that charged it.

/** An owed fee as collectOwedFees charges it. */
export type OwedFeeRow = { id: string; kind: string; amount_minor: number; currency: string };

/** A closing fee's row, before its transfer is booked. */
export async function insertClosingFee(
  tx: Queryable,
  fee: { clientId: string; amountMinor: number; currency: string; region: string },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO client_fees (client_id, kind, amount_minor, currency, region)
     VALUES ($1, 'account_closing', $2, $3, $4) RETURNING id`,
    [fee.clientId, fee.amountMinor, fee.currency, fee.region],
  );
  return row;
}

/** An owed fee; undefined when the client already owes or paid it for this kind, period and currency. */
export async function insertOwedFee(
  tx: Queryable,
  fee: {
    clientId: string;
    kind: string;
    amountMinor: number;
    currency: string;
    region: string;
    period: string;
  },
): Promise<{ id: string } | undefined> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO client_fees (client_id, kind, amount_minor, currency, region, period)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (client_id, kind, period, currency) DO NOTHING RETURNING id`,
    [fee.clientId, fee.kind, fee.amountMinor, fee.currency, fee.region, fee.period],
  );
  return row;
}

export async function setFeeCharged(
  tx: Queryable,
  fee: { id: string; transferId: string; chargedAt: Date },
): Promise<void> {
  await tx.query(
    `UPDATE client_fees SET status = 'charged', transfer_id = $2, charged_at = $3 WHERE id = $1`,
    [fee.id, fee.transferId, fee.chargedAt],
  );
}

/** The client's owed fees, oldest first, locked until the transaction ends. */
export function lockOwedFees(tx: Queryable, clientId: string): Promise<OwedFeeRow[]> {
  return tx.query<OwedFeeRow>(
    `SELECT id, kind, amount_minor, currency FROM client_fees
     WHERE client_id = $1 AND status = 'owed' ORDER BY created_at, id FOR UPDATE`,
    [clientId],
  );
}

export type OwedFeeWithAccountRow = {
  id: string;
  kind: OwedFee['kind'];
  amount_minor: string | number;
  currency: string;
  created_at: Date;
  account_id: string | null;
};

/** The client's owed fees, oldest first, each with its open account in the fee's currency (or null). */
export function listOwedFeesWithAccount(db: Queryable, clientId: string): Promise<OwedFeeWithAccountRow[]> {
  return db.query<OwedFeeWithAccountRow>(
    `SELECT f.id, f.kind, f.amount_minor, f.currency, f.created_at,
       (SELECT a.id FROM client_accounts a
         WHERE a.client_id = f.client_id AND a.currency = f.currency AND a.closed_at IS NULL
         ORDER BY a.created_at LIMIT 1) AS account_id
     FROM client_fees f WHERE f.client_id = $1 AND f.status = 'owed' ORDER BY f.created_at, f.id`,
    [clientId],
  );
}
