import type { Queryable } from '../../db/database';

// The freeze flag on a balance row (ledger_balances, migration 0003) and its trail in
// ledger_account_freezes.

const LOCK_BALANCE_SQL = 'SELECT account_id FROM ledger_balances WHERE account_id = $1 FOR UPDATE';

/** Locks the account's balance row until the transaction ends. */
export async function lockBalance(tx: Queryable, accountId: string): Promise<void> {
  await tx.query(LOCK_BALANCE_SQL, [accountId]);
}

// Under the balance row's lock: flip the flag if it differs, and append the trail entry
// numbered after the last one.
const SET_FROZEN_SQL = `
WITH target AS (
  SELECT b.account_id, b.frozen FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.account_id
  WHERE b.account_id = $1 AND a.kind = 'client_emoney'
  FOR UPDATE OF b
), changed AS (
  UPDATE ledger_balances b SET frozen = $2::boolean FROM target t
  WHERE b.account_id = t.account_id AND t.frozen <> $2::boolean
  RETURNING b.account_id
), logged AS (
  INSERT INTO ledger_account_freezes (account_id, seq, action, reason, actor)
  SELECT c.account_id,
    coalesce((SELECT max(f.seq) FROM ledger_account_freezes f WHERE f.account_id = c.account_id), 0) + 1,
    CASE WHEN $2::boolean THEN 'freeze' ELSE 'unfreeze' END, $3, $4
  FROM changed c
  RETURNING 1
)
SELECT (SELECT count(*) FROM target)::integer AS found, (SELECT count(*) FROM logged)::integer AS changed`;

/**
 * Sets a client e-money account's flag to `frozen` and logs the change with `reason` and `actor`:
 * `found` 0 when the account is no client e-money account, `changed` 0 when it already was so.
 */
export function setAccountFrozen(
  tx: Queryable,
  accountId: string,
  frozen: boolean,
  reason: string,
  actor: string,
): Promise<{ found: number; changed: number }[]> {
  return tx.query<{ found: number; changed: number }>(SET_FROZEN_SQL, [accountId, frozen, reason, actor]);
}

export type FreezeRow = {
  seq: number;
  action: 'freeze' | 'unfreeze';
  reason: string;
  actor: string;
  created_at: Date;
};

/** Every freeze and unfreeze of an account, oldest first. */
export function listFreezeRows(db: Queryable, accountId: string): Promise<FreezeRow[]> {
  return db.query<FreezeRow>(
    `SELECT seq, action, reason, actor, created_at FROM ledger_account_freezes
     WHERE account_id = $1 ORDER BY seq LIMIT 1000`,
    [accountId],
  );
}
