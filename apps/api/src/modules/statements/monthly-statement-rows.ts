import type { LaggingReader, Queryable } from '../../db/database';

// The monthly_statements table (one row per account and month), and the address a statement's
// news is e-mailed to.
export type MonthlyStatementRow = {
  id: string;
  account_id: string;
  currency: string;
  month: string;
  opening_balance_minor: number;
  closing_balance_minor: number;
  created_at: Date;
};

/** The new row's id, or nothing when the account already has the month's statement. */
export async function insertMonthlyStatement(
  tx: Queryable,
  input: { clientId: string; accountId: string; month: string; openingMinor: number; closingMinor: number },
): Promise<{ id: string }[]> {
  return tx.query<{ id: string }>(
    `INSERT INTO monthly_statements (client_id, account_id, month, opening_balance_minor, closing_balance_minor)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id, month) DO NOTHING RETURNING id`,
    [input.clientId, input.accountId, input.month, input.openingMinor, input.closingMinor],
  );
}

export async function findClientEmail(
  tx: Queryable,
  clientId: string,
): Promise<{ email: string | null } | undefined> {
  const [client] = await tx.query<{ email: string | null }>('SELECT email FROM clients WHERE id = $1', [
    clientId,
  ]);
  return client;
}

export async function listMonthlyStatements(
  db: LaggingReader,
  clientId: string,
): Promise<MonthlyStatementRow[]> {
  return db.query<MonthlyStatementRow>(
    `SELECT m.id, m.account_id, a.currency, m.month, m.opening_balance_minor, m.closing_balance_minor, m.created_at
     FROM monthly_statements m JOIN client_accounts a ON a.id = m.account_id
     WHERE m.client_id = $1 ORDER BY m.month DESC, a.currency LIMIT 120`,
    [clientId],
  );
}
