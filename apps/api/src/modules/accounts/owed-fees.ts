import type { OwedFee } from '@bluepeak/core';
import type { Queryable } from '../../db/database';

// The fees a client owes and has not paid yet (recorded by recordOwedFee, charged by
// collectOwedFees as soon as the balance covers them), oldest first, each with the client's open
// account in the fee's currency, where money paid in settles it. Home lists them among the things
// that need the client's attention (docs/requirements/accounts.md).
export async function listOwedFees(db: Queryable, clientId: string): Promise<OwedFee[]> {
  const rows = await db.query<{
    id: string;
    kind: OwedFee['kind'];
    amount_minor: string | number;
    currency: string;
    created_at: Date;
    account_id: string | null;
  }>(
    `SELECT f.id, f.kind, f.amount_minor, f.currency, f.created_at,
       (SELECT a.id FROM client_accounts a
         WHERE a.client_id = f.client_id AND a.currency = f.currency AND a.closed_at IS NULL
         ORDER BY a.created_at LIMIT 1) AS account_id
     FROM client_fees f WHERE f.client_id = $1 AND f.status = 'owed' ORDER BY f.created_at, f.id`,
    [clientId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amount: Number(row.amount_minor),
    currency: row.currency,
    owed_since: row.created_at.toISOString(),
    account_id: row.account_id,
  }));
}
