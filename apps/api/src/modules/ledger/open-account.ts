import type { Queryable } from '../../db/database';
import { countAccounts, findAccountRow, insertClientAccount, insertSystemAccounts } from './account-rows';
import { systemAccountSpecs } from './chart-of-accounts';
import { getAccounts } from './read-ledger';
import { accountFromRow } from './rows';
import { type Account, SYSTEM_ACCOUNT_ID_PREFIX } from './types';
import { isValidCurrency, isValidLedgerId } from './validate-transfer-input';

// Accounts are opened idempotently, like transfers: the caller picks the id, and opening the
// same id again with the same fields returns the account that exists.

export type OpenClientAccountInput = { id: string; ownerClientId: string; currency: string };

export type OpenAccountResult =
  | { ok: true; status: 'created' | 'exists'; account: Account }
  | {
      ok: false;
      code:
        | 'id_invalid'
        | 'owner_invalid'
        | 'currency_invalid'
        | 'exists_with_different_fields'
        /** The client already has an e-money account in this currency under another id. */
        | 'client_already_has_account';
    };

/** Opens a client's e-money account: a liability that may never go below zero. */
export async function openClientAccount(
  db: Queryable,
  input: OpenClientAccountInput,
): Promise<OpenAccountResult> {
  if (!isValidLedgerId(input.id) || input.id.startsWith(SYSTEM_ACCOUNT_ID_PREFIX))
    return { ok: false, code: 'id_invalid' };
  if (
    typeof input.ownerClientId !== 'string' ||
    input.ownerClientId.length < 1 ||
    input.ownerClientId.length > 128
  )
    return { ok: false, code: 'owner_invalid' };
  if (!isValidCurrency(input.currency)) return { ok: false, code: 'currency_invalid' };

  const inserted = await insertClientAccount(db, input);
  const existing = await findAccountRow(db, input.id);
  if (inserted.length > 0 && existing)
    return { ok: true, status: 'created', account: accountFromRow(existing) };
  if (!existing) return { ok: false, code: 'client_already_has_account' };
  const same =
    existing.kind === 'client_emoney' &&
    existing.currency === input.currency &&
    existing.owner_client_id === input.ownerClientId;
  return same
    ? { ok: true, status: 'exists', account: accountFromRow(existing) }
    : { ok: false, code: 'exists_with_different_fields' };
}

/**
 * Creates the system accounts of a currency if they are missing and returns them all. Safe to
 * call at every start and from several processes at once: each row is inserted at most once.
 */
export async function ensureSystemAccounts(db: Queryable, currency: string): Promise<Account[]> {
  if (!isValidCurrency(currency)) throw new RangeError(`Not an ISO 4217 currency: ${currency}`);
  const specs = systemAccountSpecs(currency);
  await insertSystemAccounts(db, JSON.stringify(specs));
  const found = await countAccounts(
    db,
    specs.map((spec) => spec.id),
  );
  // Another row holding a system slot under a different id would be a broken chart.
  if (found?.count !== specs.length) throw new Error(`System accounts of ${currency} are incomplete`);
  return getAccounts(
    db,
    specs.filter((spec) => spec.shard_of === null).map((spec) => spec.id),
  );
}
