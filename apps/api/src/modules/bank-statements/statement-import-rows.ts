import type { Queryable } from '../../db/database';

// Writes of a statement import (the file kept as evidence, its credit counts) and its closing
// balances, and the balances the reconciliation reads back.

export async function insertStatementImport(
  tx: Queryable,
  file: {
    messageId: string;
    fileName: string;
    sha256: string;
    xml: string;
    skipped: number;
    operatorId: string;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO bank_statement_imports (kind, message_id, file_name, content_sha256, content, credits_booked,
         credits_unmatched, credits_duplicate, entries_skipped, imported_by)
       VALUES ('camt.053', $1, $2, $3, $4, 0, 0, 0, $5, $6) RETURNING id`,
    [file.messageId, file.fileName, file.sha256, file.xml, file.skipped, file.operatorId],
  );
  if (!row) throw new Error('statement import insert returned no row');
  return row.id;
}

export async function addImportCounts(
  tx: Queryable,
  importId: string,
  counts: { booked: number; unmatched: number; duplicate: number },
): Promise<void> {
  await tx.query(
    `UPDATE bank_statement_imports SET credits_booked = credits_booked + $2, credits_unmatched = credits_unmatched + $3,
       credits_duplicate = credits_duplicate + $4 WHERE id = $1`,
    [importId, counts.booked, counts.unmatched, counts.duplicate],
  );
}

export async function insertStatementBalance(
  tx: Queryable,
  importId: string,
  balance: { date: string | undefined; currency: string | undefined; amount: number },
): Promise<void> {
  await tx.query(
    'INSERT INTO bank_statement_balances (import_id, balance_date, currency, closing_booked_minor) VALUES ($1, $2, $3, $4)',
    [importId, balance.date, balance.currency, balance.amount],
  );
}

/**
 * The closing booked balance per currency on that date. When a day's statement was imported more
 * than once (a corrected file), the latest import counts. A figure from another day is never used:
 * it would compare the ledger's end of day with a different day's bank balance.
 */
export async function closingBalancesOn(db: Queryable, date: string) {
  return db.query<{ currency: string; closing_booked_minor: number }>(
    `SELECT DISTINCT ON (s.currency) s.currency, s.closing_booked_minor
     FROM bank_statement_balances s JOIN bank_statement_imports i ON i.id = s.import_id
     WHERE s.balance_date = $1 ORDER BY s.currency, i.imported_at DESC, i.id DESC`,
    [date],
  );
}
