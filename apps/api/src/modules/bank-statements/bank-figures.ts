import type { Queryable } from '../../db/database';
import { closingBalancesOn } from './statement-import-rows';

// The bank's own figure for the safeguarding reconciliation: the closing booked balance (CLBD)
// per currency of the statement for that date (statement-import-rows.ts says which one counts).
export async function bankFiguresFor(db: Queryable, date: string): Promise<Map<string, number>> {
  const rows = await closingBalancesOn(db, date);
  return new Map(rows.map((row) => [row.currency, row.closing_booked_minor]));
}
