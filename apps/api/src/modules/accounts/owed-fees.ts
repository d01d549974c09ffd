import type { OwedFee } from '@bluepeak/core';
import type { Queryable } from '../../db/database';
import { listOwedFeesWithAccount } from './fee-rows';

// The fees a client owes and has not paid yet (recorded by recordOwedFee, charged by
// collectOwedFees as soon as the balance covers them), oldest first, each with the client's open
// account in the fee's currency, where money paid in settles it. Home lists them among the things
// that need the client's attention (docs/requirements/accounts.md).
export async function listOwedFees(db: Queryable, clientId: string): Promise<OwedFee[]> {
  const rows = await listOwedFeesWithAccount(db, clientId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amount: Number(row.amount_minor),
    currency: row.currency,
    owed_since: row.created_at.toISOString(),
    account_id: row.account_id,
  }));
}
