import type { Queryable } from '../../db/database';

// Who a proposal names, read from the account groups (account_groups) of the institution's clients.

/** The approved client whose IBAN or account number this is (upper case, no spaces). */
export async function findApprovedClientByAccount(
  tx: Queryable,
  compact: string,
): Promise<{ client_id: string } | undefined> {
  const [row] = await tx.query<{ client_id: string }>(
    `SELECT g.client_id FROM account_groups g JOIN clients c ON c.id = g.client_id
       WHERE (upper(g.iban) = $1 OR g.account_number = $1) AND c.status = 'APPROVED'`,
    [compact],
  );
  return row;
}

/** Whether the IBAN is one of an account group of ours, whatever its client's status. */
export async function isOurIban(tx: Queryable, iban: string): Promise<boolean> {
  const [ours] = await tx.query('SELECT 1 FROM account_groups WHERE iban = $1', [iban]);
  return ours !== undefined;
}
