import { isDatabase, type Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { listFreezeRows, lockBalance, setAccountFrozen } from './freeze-rows';
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
    await lockBalance(tx, input.accountId);
    return setAccountFrozen(tx, input.accountId, frozen, input.reason, input.actor);
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
  const rows = await listFreezeRows(db, accountId);
  return rows.map((row) => ({
    seq: row.seq,
    action: row.action,
    reason: row.reason,
    actor: row.actor,
    createdAt: new Date(row.created_at),
  }));
}
