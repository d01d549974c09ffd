import type { Database, LaggingReader, Queryable } from '../../db/database';
import { ReadBatcher } from '../../db/read-batcher';
import { type Account, type AccountJson, accountFromJson, accountJsonSql } from '../ledger';
import type { AccountGroupRow } from './account-group-rows';

// The client_accounts table as the services read and write it (migration 0030), alone or with its
// group. Balances are never here: they live in the ledger, and every answer reads them from it.
export type ClientAccountRow = {
  id: string;
  group_id: string;
  client_id: string;
  currency: string;
  name: string;
  ledger_account_id: string;
  created_at: Date;
};

const ACCOUNT_COLUMNS = 'id, group_id, client_id, currency, name, ledger_account_id, created_at';

/** The client whose account group has this IBAN or UK account number, if any. */
export async function listClientAccountRows(
  db: LaggingReader,
  clientId: string,
): Promise<ClientAccountRow[]> {
  return db.query<ClientAccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM client_accounts WHERE client_id = $1 AND closed_at IS NULL
     ORDER BY created_at, currency`,
    [clientId],
  );
}

export type GroupWithAccounts = {
  group: AccountGroupRow;
  accounts: { row: ClientAccountRow; ledger: Account | undefined }[];
};

/**
 * The client's group, its accounts and their ledger balances in one statement (the dashboard's
 * read); none without a group. An account whose balances did not come with it (a sharded ledger
 * account) has `ledger` undefined, for the caller to read from the ledger.
 */
export async function findGroupWithAccounts(
  db: Queryable,
  clientId: string,
): Promise<GroupWithAccounts | undefined> {
  return (await findGroupsWithAccounts(db, [clientId])).get(clientId);
}

const sharedReads = new WeakMap<Database, ReadBatcher<string, GroupWithAccounts>>();

/**
 * `findGroupWithAccounts` outside any transaction, for a request: the reads of requests that
 * arrive while one is in flight share one statement (db/read-batcher.ts). Each client gets only
 * the rows whose group is its own.
 */
export function findGroupWithAccountsShared(
  db: Database,
  clientId: string,
): Promise<GroupWithAccounts | undefined> {
  let batcher = sharedReads.get(db);
  if (!batcher) {
    batcher = new ReadBatcher((clientIds) => findGroupsWithAccounts(db, clientIds));
    sharedReads.set(db, batcher);
  }
  return batcher.read(clientId);
}

async function findGroupsWithAccounts(
  db: Queryable,
  clientIds: readonly string[],
): Promise<Map<string, GroupWithAccounts>> {
  type Joined = {
    g_id: string;
    g_client_id: string;
    g_iban: string;
    g_bic: string;
    g_sort_code: string;
    g_account_number: string;
    g_created_at: Date;
    a_id: string | null;
    a_group_id: string;
    a_currency: string;
    a_name: string;
    a_ledger_account_id: string;
    a_created_at: Date;
    a_ledger: AccountJson;
  };
  const rows = await db.query<Joined>(
    `SELECT g.id AS g_id, g.client_id AS g_client_id, g.iban AS g_iban, g.bic AS g_bic,
            g.sort_code AS g_sort_code, g.account_number AS g_account_number, g.created_at AS g_created_at,
            a.id AS a_id, a.group_id AS a_group_id, a.currency AS a_currency, a.name AS a_name,
            a.ledger_account_id AS a_ledger_account_id, a.created_at AS a_created_at,
            ${accountJsonSql('a.ledger_account_id')} AS a_ledger
       FROM account_groups g LEFT JOIN client_accounts a ON a.client_id = g.client_id AND a.closed_at IS NULL
      WHERE g.client_id = ANY($1::uuid[])
      ORDER BY g.client_id, a.created_at, a.currency`,
    [clientIds],
  );
  const found = new Map<string, GroupWithAccounts>();
  for (const row of rows) {
    // Every row is keyed by its group's own client: one client's rows never reach another.
    const clientId = row.g_client_id;
    let entry = found.get(clientId);
    if (!entry) {
      entry = {
        group: {
          id: row.g_id,
          client_id: clientId,
          iban: row.g_iban,
          bic: row.g_bic,
          sort_code: row.g_sort_code,
          account_number: row.g_account_number,
          created_at: row.g_created_at,
        },
        accounts: [],
      };
      found.set(clientId, entry);
    }
    if (row.a_id === null) continue;
    entry.accounts.push({
      row: {
        id: row.a_id,
        group_id: row.a_group_id,
        client_id: clientId,
        currency: row.a_currency,
        name: row.a_name,
        ledger_account_id: row.a_ledger_account_id,
        created_at: row.a_created_at,
      },
      ledger: accountFromJson(row.a_ledger),
    });
  }
  return found;
}

/**
 * One of the client's own accounts with its ledger balances, in one statement (a payment's
 * create checks the money before sending a code). `ledger` is undefined when the balances did not
 * come with it (a sharded ledger account): read them from the ledger.
 */
export async function findClientAccountWithLedger(
  db: Queryable,
  clientId: string,
  accountId: string,
): Promise<{ row: ClientAccountRow; ledger: Account | undefined } | undefined> {
  const [found] = await db.query<ClientAccountRow & { ledger: AccountJson }>(
    `SELECT ${ACCOUNT_COLUMNS}, ${accountJsonSql('a.ledger_account_id')} AS ledger
       FROM client_accounts a WHERE client_id = $1 AND id = $2 AND closed_at IS NULL`,
    [clientId, accountId],
  );
  if (!found) return undefined;
  const { ledger, ...row } = found;
  return { row, ledger: accountFromJson(ledger) };
}

/** One of the client's own accounts; another client's account is simply not found. */
export async function findClientAccount(
  db: LaggingReader,
  clientId: string,
  accountId: string,
): Promise<ClientAccountRow | undefined> {
  const [row] = await db.query<ClientAccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM client_accounts WHERE client_id = $1 AND id = $2 AND closed_at IS NULL`,
    [clientId, accountId],
  );
  return row;
}

export async function findClientAccountByCurrency(
  db: Queryable,
  clientId: string,
  currency: string,
): Promise<ClientAccountRow | undefined> {
  const [row] = await db.query<ClientAccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM client_accounts
     WHERE client_id = $1 AND currency = $2 AND closed_at IS NULL`,
    [clientId, currency],
  );
  return row;
}

/** The currencies the client holds accounts in (the client record's `client_currencies`). */
export async function clientCurrencies(db: Queryable, clientId: string): Promise<string[]> {
  const rows = await db.query<{ currency: string }>(
    'SELECT currency FROM client_accounts WHERE client_id = $1 AND closed_at IS NULL ORDER BY created_at, currency',
    [clientId],
  );
  return rows.map((row) => row.currency);
}

export type ClientAccountName = {
  id: string;
  group_id: string;
  ledger_account_id: string;
  iban: string;
  name: string;
  currency: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The name, currency and IBAN of the client accounts named by their id, their ledger account's
 * id or their group's id (other ids are left out).
 */
export async function clientAccountNames(
  db: LaggingReader,
  ids: readonly string[],
): Promise<ClientAccountName[]> {
  const named = [...new Set(ids)];
  return db.query<ClientAccountName>(
    `SELECT ca.id, ca.group_id, ca.ledger_account_id, g.iban, ca.name, ca.currency
     FROM client_accounts ca JOIN account_groups g ON g.id = ca.group_id
     WHERE ca.ledger_account_id = ANY($1::text[]) OR ca.id = ANY($2::uuid[]) OR ca.group_id = ANY($2::uuid[])`,
    [named, named.filter((id) => UUID.test(id))],
  );
}

/** The client's open accounts, locked in id order (a closing checks it is not the last). */
export function lockOpenClientAccounts(
  tx: Queryable,
  clientId: string,
): Promise<{ id: string; currency: string; ledger_account_id: string }[]> {
  return tx.query<{ id: string; currency: string; ledger_account_id: string }>(
    `SELECT id, currency, ledger_account_id FROM client_accounts
      WHERE client_id = $1 AND closed_at IS NULL ORDER BY id FOR UPDATE`,
    [clientId],
  );
}

export async function setClientAccountClosed(tx: Queryable, id: string, closedAt: Date): Promise<void> {
  await tx.query('UPDATE client_accounts SET closed_at = $2 WHERE id = $1', [id, closedAt]);
}

/**
 * The client's new account in the currency, or its closed one reopened under `name`; undefined
 * when an open one exists.
 */
export async function insertClientAccount(
  tx: Queryable,
  account: { groupId: string; clientId: string; currency: string; name: string; ledgerAccountId: string },
): Promise<ClientAccountRow | undefined> {
  const [row] = await tx.query<ClientAccountRow>(
    `INSERT INTO client_accounts (group_id, client_id, currency, name, ledger_account_id)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (client_id, currency) DO UPDATE SET closed_at = NULL, name = EXCLUDED.name
       WHERE client_accounts.closed_at IS NOT NULL
     RETURNING id, group_id, client_id, currency, name, ledger_account_id, created_at`,
    [account.groupId, account.clientId, account.currency, account.name, account.ledgerAccountId],
  );
  return row;
}

export type ClientAccountWithIban = {
  id: string;
  currency: string;
  name: string;
  iban: string;
  sort_code: string;
  account_number: string;
  ledger_account_id: string;
};

/** The client's open accounts with their group's IBAN and UK numbers, oldest first. */
export function listClientAccountsWithIban(
  db: Queryable,
  clientId: string,
): Promise<ClientAccountWithIban[]> {
  return db.query<ClientAccountWithIban>(
    `SELECT a.id, a.currency, a.name, g.iban, g.sort_code, g.account_number, a.ledger_account_id
     FROM client_accounts a JOIN account_groups g ON g.id = a.group_id
     WHERE a.client_id = $1 AND a.closed_at IS NULL ORDER BY a.created_at, a.currency`,
    [clientId],
  );
}
