import type { ReconciliationBreakKind } from '@bluepeak/core/backoffice';
import type { LaggingReader, Queryable } from '../../db/database';

// The stored safeguarding reconciliations (safeguarding_reconciliations): a row per day and
// currency, recorded by an operator or by the daily run, and who hears of a break.
export type ReconciliationBreak = { kind: ReconciliationBreakKind; amount_minor: number; detail: string };

/** One currency's figures of a reconciliation, as a row stores them. */
type StoredFigures = {
  currency: string;
  client_balances_minor: number;
  safeguarding_ledger_minor: number;
  difference_minor: number;
  bank_balance_minor: number | null;
  breaks: ReconciliationBreak[];
};

/** The daily run's row; none when the day's system row for that currency exists already. */
export async function insertSystemReconciliation(tx: Queryable, date: string, item: StoredFigures) {
  return tx.query(
    `INSERT INTO safeguarding_reconciliations (reconciled_on, currency, client_balances_minor,
         safeguarding_ledger_minor, difference_minor, breaks, bank_balance_minor, recorded_by)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, 'system')
       ON CONFLICT (reconciled_on, currency) WHERE recorded_by = 'system' DO NOTHING RETURNING id`,
    [
      date,
      item.currency,
      item.client_balances_minor,
      item.safeguarding_ledger_minor,
      item.difference_minor,
      JSON.stringify(item.breaks),
      item.bank_balance_minor,
    ],
  );
}

export async function insertOperatorReconciliation(
  tx: Queryable,
  date: string,
  item: StoredFigures,
  operatorId: string,
  note: string | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO safeguarding_reconciliations (reconciled_on, currency, client_balances_minor,
         safeguarding_ledger_minor, bank_balance_minor, difference_minor, breaks, operator_id, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`,
    [
      date,
      item.currency,
      item.client_balances_minor,
      item.safeguarding_ledger_minor,
      item.bank_balance_minor,
      item.difference_minor,
      JSON.stringify(item.breaks),
      operatorId,
      note,
    ],
  );
}

/** Every active compliance officer and administrator: they are e-mailed when the daily run finds a break. */
export async function listReconciliationAlertRecipients(tx: Queryable) {
  return tx.query<{ email: string }>(
    `SELECT email FROM operators WHERE disabled_at IS NULL AND roles && ARRAY['compliance', 'admin']::text[]`,
  );
}

export type RecordedReconciliation = {
  id: string;
  date: string;
  currency: string;
  client_balances_minor: number;
  safeguarding_ledger_minor: number;
  bank_balance_minor: number | null;
  difference_minor: number;
  breaks: ReconciliationBreak[];
  operator_email: string;
  note: string | null;
  created_at: string;
};

/** The recorded reconciliations, newest first. */
export async function listRecordedReconciliations(
  db: LaggingReader,
  limit: number,
): Promise<RecordedReconciliation[]> {
  const rows = await db.query<
    Omit<RecordedReconciliation, 'created_at' | 'date'> & { created_at: Date; date: string }
  >(
    `SELECT r.id, to_char(r.reconciled_on, 'YYYY-MM-DD') AS date, r.currency, r.client_balances_minor,
       r.safeguarding_ledger_minor, r.bank_balance_minor, r.difference_minor, r.breaks, coalesce(o.email, 'system (daily run)') AS operator_email,
       r.note, r.created_at
     FROM safeguarding_reconciliations r LEFT JOIN operators o ON o.id = r.operator_id
     ORDER BY r.created_at DESC, r.currency, r.id DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
