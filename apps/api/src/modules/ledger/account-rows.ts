import type { LaggingReader, Queryable } from '../../db/database';
import { ACCOUNT_COLUMNS, type AccountRow } from './rows';
import type { AccountKind, Rail } from './types';

// The statements on ledger_accounts and their balance rows (ledger_balances, read through the
// ledger_account_balances view). Reads need no lock: account totals only move forward.

/** The rows of the accounts named and of their shards, in no particular order. */
export function listAccountRowsWithShards(db: LaggingReader, ids: readonly string[]): Promise<AccountRow[]> {
  return db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_account_balances
     WHERE id = ANY($1::text[]) OR shard_of = ANY($1::text[])`,
    [ids],
  );
}

/** One account's own row (a sharded account's without its shards). */
export async function findAccountRow(db: Queryable, id: string): Promise<AccountRow | undefined> {
  const [row] = await db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_account_balances WHERE id = $1`,
    [id],
  );
  return row;
}

/**
 * A client's e-money account and its balance row in one statement, so neither exists without the
 * other. Returns the row inserted, none when the id (or the client's account in the currency)
 * exists.
 */
export function insertClientAccount(
  db: Queryable,
  input: { id: string; currency: string; ownerClientId: string },
): Promise<Record<string, unknown>[]> {
  return db.query(
    `WITH account AS (
       INSERT INTO ledger_accounts (id, kind, currency, owner_client_id, debits_must_not_exceed_credits)
       VALUES ($1, 'client_emoney', $2, $3, true)
       ON CONFLICT DO NOTHING
       RETURNING id, debits_must_not_exceed_credits, credits_must_not_exceed_debits)
     INSERT INTO ledger_balances (account_id, debits_must_not_exceed_credits, credits_must_not_exceed_debits)
     SELECT * FROM account RETURNING account_id`,
    [input.id, input.currency, input.ownerClientId],
  );
}

/**
 * The system accounts of `specsJson` (a JSON array of systemAccountSpecs) that are missing; each
 * row is inserted at most once, even from several processes at once. Sharded parents hold no
 * money, so only the other accounts get a balance row.
 */
export async function insertSystemAccounts(db: Queryable, specsJson: string): Promise<void> {
  await db.query(
    `WITH accounts AS (
       INSERT INTO ledger_accounts (id, kind, rail, currency, shard_count, shard_of)
       SELECT * FROM json_to_recordset($1::json)
         AS s(id text, kind text, rail text, currency text, shard_count integer, shard_of text)
       ON CONFLICT DO NOTHING
       RETURNING id, shard_count, debits_must_not_exceed_credits, credits_must_not_exceed_debits)
     INSERT INTO ledger_balances (account_id, debits_must_not_exceed_credits, credits_must_not_exceed_debits)
     SELECT id, debits_must_not_exceed_credits, credits_must_not_exceed_debits FROM accounts WHERE shard_count = 1`,
    [specsJson],
  );
}

/** How many of the accounts named exist. */
export async function countAccounts(
  db: Queryable,
  ids: readonly string[],
): Promise<{ count: number } | undefined> {
  const [found] = await db.query<{ count: number }>(
    'SELECT count(*)::integer AS count FROM ledger_accounts WHERE id = ANY($1::text[])',
    [ids],
  );
  return found;
}

export type AccountDescription = { id: string; kind: AccountKind; rail: Rail | null; currency: string };

/** What each account named is (kind, rail, currency), without its balances; unknown ids are left out. */
export async function describeAccounts(db: Queryable, ids: readonly string[]): Promise<AccountDescription[]> {
  return db.query<AccountDescription>(
    'SELECT id, kind, rail, currency FROM ledger_accounts WHERE id = ANY($1::text[])',
    [[...new Set(ids)]],
  );
}

/**
 * A column for another module's query: the balances of the ledger account whose id is the SQL
 * expression `idSql`, as one JSON row (null when there is none), for `accountFromJson`. It lets a
 * read that names its own ledger accounts take their balances in the same round trip. A sharded
 * account's row is its parent's alone: `accountFromJson` reports it, and the caller reads it with
 * `getAccounts`, which folds the shards.
 */
export function accountJsonSql(idSql: string): string {
  return `(SELECT row_to_json(b) FROM (SELECT ${ACCOUNT_COLUMNS} FROM ledger_account_balances
    WHERE id = ${idSql}) b)`;
}

/** What an `accountJsonSql` column holds. */
export type AccountJson = AccountRow | null;
