import type { LaggingReader, Queryable } from '../../db/database';

// The account_groups table (migration 0030): a client's IBAN, sort code and account number,
// shared by its currency accounts.
export type AccountGroupRow = {
  id: string;
  client_id: string;
  iban: string;
  bic: string;
  sort_code: string;
  account_number: string;
  created_at: Date;
};

const GROUP_COLUMNS = 'id, client_id, iban, bic, sort_code, account_number, created_at';

export async function findAccountGroupOfClient(
  db: LaggingReader,
  clientId: string,
): Promise<AccountGroupRow | undefined> {
  const [row] = await db.query<AccountGroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM account_groups WHERE client_id = $1`,
    [clientId],
  );
  return row;
}

/** The new group; undefined when its account number is taken or the client already has one. */
export async function insertAccountGroup(
  tx: Queryable,
  group: { clientId: string; iban: string; bic: string; sortCode: string; accountNumber: string },
): Promise<AccountGroupRow | undefined> {
  // DO NOTHING covers both a taken account number (try another) and a concurrent opening
  // of the same client's group (return that one).
  const [row] = await tx.query<AccountGroupRow>(
    `INSERT INTO account_groups (client_id, iban, bic, sort_code, account_number)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING
       RETURNING id, client_id, iban, bic, sort_code, account_number, created_at`,
    [group.clientId, group.iban, group.bic, group.sortCode, group.accountNumber],
  );
  return row;
}

export type GroupAddress = { iban: string } | { sortCode: string; accountNumber: string };

/**
 * The open account in `currency` of the group at `address` (normalised), unless its client is
 * DEACTIVATED.
 */
export async function findOpenAccountAtAddress(
  db: Queryable,
  currency: string,
  address: GroupAddress,
): Promise<{ client_id: string; id: string; ledger_account_id: string; currency: string } | undefined> {
  const byIban = 'iban' in address;
  const where = byIban ? 'g.iban = $2' : 'g.sort_code = $2 AND g.account_number = $3';
  const keys = byIban ? [address.iban] : [address.sortCode, address.accountNumber];
  const [row] = await db.query<{
    client_id: string;
    id: string;
    ledger_account_id: string;
    currency: string;
  }>(
    `SELECT a.client_id, a.id, a.ledger_account_id, a.currency
     FROM account_groups g JOIN client_accounts a ON a.group_id = g.id JOIN clients c ON c.id = a.client_id
     WHERE a.currency = $1 AND a.closed_at IS NULL AND ${where} AND c.status <> 'DEACTIVATED'`,
    [currency, ...keys],
  );
  return row;
}
