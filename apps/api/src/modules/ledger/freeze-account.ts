import { isDatabase, type Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { getAccount } from './read-ledger';
import type { Account } from './types';

// Freezing a client's e-money account stops their money: every debit is refused with
// `account_frozen` (a new transfer, a hold, the post of a hold placed before the freeze), while
// credits, voids and expiries, which only give money back, still land. The back office freezes
// and unfreezes; each change is recorded in ledger_account_freezes with who and why.
//
// The flag lives on the balance row (migration 0003), so a freeze takes the same row lock as a
// debit: a debit decided before the freeze either commits before it or is refused after it
// (the optimistic write checks the flag, the one-round-trip path reads it under the lock).

export type FreezeAccountInput = {
  accountId: string;
  /** Why, for the trail (1 to 500 characters). */
  reason: string;
  /** Who: the operator's id, or the job's name (1 to 128 characters). */
  actor: string;
};

export type FreezeAccountResult =
  | {
      ok: true;
      /** `changed` when this call froze or unfroze it, `unchanged` when it already was so. */
      status: 'changed' | 'unchanged';
      account: Account;
    }
  | {
      ok: false;
      /** Only client e-money accounts can be frozen; system accounts carry the platform's money. */
      code: 'account_not_found' | 'account_not_freezable' | 'reason_invalid' | 'actor_invalid';
    };

/** Freezes a client account: it refuses debits until unfrozen. Idempotent. */
export function freezeAccount(db: Queryable, input: FreezeAccountInput): Promise<FreezeAccountResult> {
  return setFrozen(db, input, true);
}

/** Lifts a freeze. Idempotent. */
export function unfreezeAccount(db: Queryable, input: FreezeAccountInput): Promise<FreezeAccountResult> {
  return setFrozen(db, input, false);
}

const LOCK_BALANCE_SQL = 'SELECT account_id FROM ledger_balances WHERE account_id = $1 FOR UPDATE';

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

async function setFrozen(
  db: Queryable,
  input: FreezeAccountInput,
  frozen: boolean,
): Promise<FreezeAccountResult> {
  if (typeof input.reason !== 'string' || input.reason.trim().length < 1 || input.reason.length > 500)
    return { ok: false, code: 'reason_invalid' };
  if (typeof input.actor !== 'string' || input.actor.length < 1 || input.actor.length > 128)
    return { ok: false, code: 'actor_invalid' };
  if (typeof input.accountId !== 'string') return { ok: false, code: 'account_not_found' };
  const apply = async (tx: Queryable) => {
    // The lock comes first, in a statement of its own: the next statement's snapshot then holds
    // every freeze committed before the lock was granted, so two operators acting at once get
    // consecutive trail numbers instead of the same one.
    await tx.query(LOCK_BALANCE_SQL, [input.accountId]);
    return tx.query<{ found: number; changed: number }>(SET_FROZEN_SQL, [
      input.accountId,
      frozen,
      input.reason,
      input.actor,
    ]);
  };
  const [row] = isDatabase(db) ? await withTransaction(db, apply) : await apply(db);
  const account = await getAccount(db, input.accountId);
  if (!account) return { ok: false, code: 'account_not_found' };
  if (!row || row.found === 0) return { ok: false, code: 'account_not_freezable' };
  return { ok: true, status: row.changed > 0 ? 'changed' : 'unchanged', account };
}

export type AccountFreezeEvent = {
  seq: number;
  action: 'freeze' | 'unfreeze';
  reason: string;
  actor: string;
  createdAt: Date;
};

/** Every freeze and unfreeze of an account, oldest first. */
export async function listAccountFreezes(db: Queryable, accountId: string): Promise<AccountFreezeEvent[]> {
  const rows = await db.query<{
    seq: number;
    action: 'freeze' | 'unfreeze';
    reason: string;
    actor: string;
    created_at: Date;
  }>(
    `SELECT seq, action, reason, actor, created_at FROM ledger_account_freezes
     WHERE account_id = $1 ORDER BY seq LIMIT 1000`,
    [accountId],
  );
  return rows.map((row) => ({
    seq: row.seq,
    action: row.action,
    reason: row.reason,
    actor: row.actor,
    createdAt: new Date(row.created_at),
  }));
}
