import type { Queryable } from '../../db/database';

// The accounts a payee's details may name: the client's own account groups, and a client account
// of ours in one currency for an internal payment.

export type InternalPayeeAccount = {
  id: string;
  clientId: string;
  ledgerAccountId: string;
  currency: string;
};

/** The client's own account group with this IBAN or sort code and account number. */
export async function findOwnAccountGroup(
  db: Queryable,
  clientId: string,
  to: { iban?: string; sortCode?: string; accountNumber?: string },
): Promise<{ id: string } | undefined> {
  const [own] = await db.query<{ id: string }>(
    `SELECT id FROM account_groups
     WHERE client_id = $1 AND (iban = $2 OR (sort_code = $3 AND account_number = $4))`,
    [clientId, to.iban ?? null, to.sortCode ?? null, to.accountNumber ?? null],
  );
  return own;
}

/** A client account of ours by the group's IBAN or 8-digit account number, in one currency. */
export async function findInternalAccount(
  db: Queryable,
  accountNumber: string,
  currency: string,
): Promise<InternalPayeeAccount | undefined> {
  const byIban = accountNumber.length !== 8;
  const [row] = await db.query<{
    id: string;
    client_id: string;
    ledger_account_id: string;
    currency: string;
  }>(
    `SELECT a.id, a.client_id, a.ledger_account_id, a.currency
     FROM account_groups g JOIN client_accounts a ON a.group_id = g.id JOIN clients c ON c.id = a.client_id
     WHERE ${byIban ? 'g.iban' : 'g.account_number'} = $1 AND a.currency = $2 AND a.closed_at IS NULL
       AND c.status <> 'DEACTIVATED'`,
    [accountNumber, currency],
  );
  return row
    ? { id: row.id, clientId: row.client_id, ledgerAccountId: row.ledger_account_id, currency: row.currency }
    : undefined;
}
