import type { Queryable } from '../../db/database';

// The bank's own figure for the safeguarding reconciliation: the closing booked balance (CLBD)
// per currency of the statement for that date. When a day's statement was imported more than
// once (a corrected file), the latest import counts. A figure from another day is never used:
// it would compare the ledger's end of day with a different day's bank balance.
export async function bankFiguresFor(db: Queryable, date: string): Promise<Map<string, number>> {
  const rows = await db.query<{ currency: string; closing_booked_minor: number }>(
    `SELECT DISTINCT ON (s.currency) s.currency, s.closing_booked_minor
     FROM bank_statement_balances s JOIN bank_statement_imports i ON i.id = s.import_id
     WHERE s.balance_date = $1 ORDER BY s.currency, i.imported_at DESC, i.id DESC`,
    [date],
  );
  return new Map(rows.map((row) => [row.currency, row.closing_booked_minor]));
}
