import type { Queryable } from '../../db/database';

// Reads of the client IBANs (account groups) a bank credit is matched against.

/** The candidates that are a client's IBAN. */
export async function findClientIbans(tx: Queryable, candidates: string[]) {
  return tx.query<{ iban: string }>('SELECT iban FROM account_groups WHERE iban = ANY($1::text[])', [
    candidates,
  ]);
}

/** The IBAN's client status, and whether the client holds an open account in that currency under it. */
export async function findIbanHolder(tx: Queryable, iban: string, currency: string) {
  const [group] = await tx.query<{ status: string; held: boolean }>(
    `SELECT c.status, EXISTS (SELECT 1 FROM client_accounts a WHERE a.group_id = g.id AND a.currency = $2 AND a.closed_at IS NULL) AS held
     FROM account_groups g JOIN clients c ON c.id = g.client_id WHERE g.iban = $1`,
    [iban, currency],
  );
  return group;
}

/** The IBAN of a client account. */
export async function findAccountIban(tx: Queryable, accountId: string | null) {
  const [account] = await tx.query<{ iban: string }>(
    'SELECT g.iban FROM client_accounts a JOIN account_groups g ON g.id = a.group_id WHERE a.id = $1',
    [accountId],
  );
  return account;
}
