import type { Queryable } from '../db/database';

// The account tables as the services read them (migration 0030). Balances are never here:
// they live in the ledger, and every answer reads them from it.
export type AccountGroupRow = {
  id: string;
  client_id: string;
  iban: string;
  bic: string;
  sort_code: string;
  account_number: string;
  created_at: Date;
};

export type ClientAccountRow = {
  id: string;
  group_id: string;
  client_id: string;
  currency: string;
  name: string;
  ledger_account_id: string;
  created_at: Date;
};

const GROUP_COLUMNS = 'id, client_id, iban, bic, sort_code, account_number, created_at';
const ACCOUNT_COLUMNS = 'id, group_id, client_id, currency, name, ledger_account_id, created_at';

export async function findAccountGroupOfClient(
  db: Queryable,
  clientId: string,
): Promise<AccountGroupRow | undefined> {
  const [row] = await db.query<AccountGroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM account_groups WHERE client_id = $1`,
    [clientId],
  );
  return row;
}

export async function listClientAccountRows(db: Queryable, clientId: string): Promise<ClientAccountRow[]> {
  return db.query<ClientAccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM client_accounts WHERE client_id = $1 ORDER BY created_at, currency`,
    [clientId],
  );
}

/** One of the client's own accounts; another client's account is simply not found. */
export async function findClientAccount(
  db: Queryable,
  clientId: string,
  accountId: string,
): Promise<ClientAccountRow | undefined> {
  const [row] = await db.query<ClientAccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM client_accounts WHERE client_id = $1 AND id = $2`,
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
    `SELECT ${ACCOUNT_COLUMNS} FROM client_accounts WHERE client_id = $1 AND currency = $2`,
    [clientId, currency],
  );
  return row;
}

/** The currencies the client holds accounts in (the client record's `client_currencies`). */
export async function clientCurrencies(db: Queryable, clientId: string): Promise<string[]> {
  const rows = await db.query<{ currency: string }>(
    'SELECT currency FROM client_accounts WHERE client_id = $1 ORDER BY created_at, currency',
    [clientId],
  );
  return rows.map((row) => row.currency);
}
