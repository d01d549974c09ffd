import type { BankCredit, BankStatementImport } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { exceedsApprovalThreshold } from '../adjustments';
import type { StatementCredit } from './camt053';

// Reading bank credits and statement imports as the back office shows them.
export type BankCreditRow = {
  id: string;
  import_id: string;
  bank_reference: string;
  amount_minor: number;
  currency: string;
  booking_date: string;
  creditor_iban: string | null;
  debtor_name: string | null;
  debtor_iban: string | null;
  remittance: string | null;
  status: BankCredit['status'];
  unmatched_reason: BankCredit['unmatched_reason'];
  client_account_id: string | null;
  client_id: string | null;
  client_email: string | null;
  assigner_id: string | null;
  assigned_by: string | null;
  decided_by: string | null;
  note: string | null;
  created_at: Date;
};

const SELECT = `SELECT b.id, b.import_id, b.bank_reference, b.amount_minor, b.currency,
    to_char(b.booking_date, 'YYYY-MM-DD') AS booking_date, b.creditor_iban, b.debtor_name, b.debtor_iban,
    b.remittance, b.status, b.unmatched_reason, b.client_account_id, a.client_id, c.email AS client_email,
    b.assigned_by AS assigner_id, o.email AS assigned_by, d.email AS decided_by, b.note, b.created_at
  FROM bank_credits b LEFT JOIN client_accounts a ON a.id = b.client_account_id
  LEFT JOIN clients c ON c.id = a.client_id LEFT JOIN operators o ON o.id = b.assigned_by
  LEFT JOIN operators d ON d.id = b.decided_by`;

export function toBankCredit(row: BankCreditRow, thresholdMinor: number): BankCredit {
  const { amount_minor, assigner_id: _a, client_account_id: _c, created_at, ...rest } = row;
  return {
    ...rest,
    amount: amount_minor,
    // Waiting for one, or certain to: its euro equivalent alone is past the threshold. Whether a
    // smaller one waits depends on the totals at the moment it is assigned.
    needs_second_operator:
      row.status === 'awaiting_approval' ||
      exceedsApprovalThreshold(amount_minor, row.currency, thresholdMinor),
    created_at: created_at.toISOString(),
  };
}

export async function loadBankCredit(tx: Queryable, id: string, lock = false): Promise<BankCreditRow> {
  if (lock) await tx.query('SELECT 1 FROM bank_credits WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await tx.query<BankCreditRow>(`${SELECT} WHERE b.id = $1`, [id]);
  if (!row) throw notFound('Bank credit');
  return row;
}

export async function listBankCredits(
  db: Queryable,
  query: { status: string; limit: number },
  thresholdMinor: number,
): Promise<BankCredit[]> {
  const rows = await db.query<BankCreditRow>(
    `${SELECT} WHERE b.status = $1 ORDER BY b.created_at DESC, b.id DESC LIMIT $2`,
    [query.status, query.limit],
  );
  return rows.map((row) => toBankCredit(row, thresholdMinor));
}

export async function creditsOfImport(db: Queryable, importId: string, thresholdMinor: number) {
  const rows = await db.query<BankCreditRow>(`${SELECT} WHERE b.import_id = $1 ORDER BY b.created_at, b.id`, [
    importId,
  ]);
  return rows.map((row) => toBankCredit(row, thresholdMinor));
}

export async function listStatementImports(
  db: Queryable,
  limit: number,
  id?: string,
): Promise<BankStatementImport[]> {
  const rows = await db.query<
    Omit<BankStatementImport, 'imported_at' | 'balances'> & {
      imported_at: Date;
      balances: BankStatementImport['balances'];
    }
  >(
    `SELECT i.id, i.kind, i.message_id, i.file_name, i.credits_booked, i.credits_unmatched, i.credits_duplicate,
       i.entries_skipped, o.email AS imported_by, i.imported_at,
       COALESCE((SELECT jsonb_agg(jsonb_build_object('date', to_char(s.balance_date, 'YYYY-MM-DD'),
         'currency', s.currency, 'closing_booked', s.closing_booked_minor) ORDER BY s.balance_date, s.currency)
         FROM bank_statement_balances s WHERE s.import_id = i.id), '[]'::jsonb) AS balances
     FROM bank_statement_imports i JOIN operators o ON o.id = i.imported_by
     WHERE ($2::uuid IS NULL OR i.id = $2) ORDER BY i.imported_at DESC, i.id DESC LIMIT $1`,
    [limit, id ?? null],
  );
  return rows.map((row) => ({ ...row, imported_at: row.imported_at.toISOString() }));
}

export const creditDecided = () =>
  new AppError('bank_credit_decided', 'This credit is no longer waiting for this decision');

// Writes of bank credits: recorded from a statement, then booked, left unmatched, assigned by an
// operator (and approved or refused by a second one) or sent back.

/** The new credit's id; none when its bank reference was recorded before (a duplicate). */
export async function insertBankCredit(tx: Queryable, importId: string, credit: StatementCredit) {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO bank_credits (import_id, bank_reference, amount_minor, currency, booking_date, creditor_iban,
         debtor_name, debtor_iban, remittance, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'unmatched')
       ON CONFLICT (bank_reference) DO NOTHING RETURNING id`,
    [
      importId,
      credit.bankReference,
      credit.amountMinor,
      credit.currency,
      credit.bookingDate,
      (credit.creditorIban ?? credit.accountIban)?.slice(0, 34) ?? null,
      credit.debtorName?.slice(0, 140) ?? null,
      credit.debtorIban?.slice(0, 34) ?? null,
      credit.remittance,
    ],
  );
  return row;
}

export async function setCreditUnmatchedReason(tx: Queryable, id: string, reason: string): Promise<void> {
  await tx.query('UPDATE bank_credits SET unmatched_reason = $2 WHERE id = $1', [id, reason]);
}

export async function setCreditBooked(
  tx: Queryable,
  id: string,
  accountId: string,
  transferId: string,
): Promise<void> {
  await tx.query(
    `UPDATE bank_credits SET status = 'booked', client_account_id = $2, transfer_id = $3 WHERE id = $1`,
    [id, accountId, transferId],
  );
}

export async function setCreditAssigned(
  tx: Queryable,
  id: string,
  assignment: {
    status: 'awaiting_approval' | 'resolved';
    accountId: string;
    transferId: string | null;
    operatorId: string;
    now: Date;
    note: string | null;
    decidedAt: Date | null;
  },
): Promise<void> {
  await tx.query(
    `UPDATE bank_credits SET status = $2, client_account_id = $3, transfer_id = $4, assigned_by = $5,
       assigned_at = $6, note = $7, decided_at = $8 WHERE id = $1`,
    [
      id,
      assignment.status,
      assignment.accountId,
      assignment.transferId,
      assignment.operatorId,
      assignment.now,
      assignment.note,
      assignment.decidedAt,
    ],
  );
}

export async function setCreditApproved(
  tx: Queryable,
  id: string,
  transferId: string,
  operatorId: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE bank_credits SET status = 'resolved', transfer_id = $2, decided_by = $3, decided_at = $4 WHERE id = $1`,
    [id, transferId, operatorId, now],
  );
}

/** A refused assignment goes back to the queue for another decision. */
export async function setCreditAssignmentRejected(tx: Queryable, id: string, reason: string | undefined) {
  await tx.query(
    `UPDATE bank_credits SET status = 'unmatched', client_account_id = NULL, assigned_by = NULL, assigned_at = NULL,
         note = $2 WHERE id = $1`,
    [id, reason],
  );
}

export async function setCreditReturned(
  tx: Queryable,
  id: string,
  operatorId: string,
  now: Date,
  reason: string,
): Promise<void> {
  await tx.query(
    `UPDATE bank_credits SET status = 'returned', client_account_id = NULL, decided_by = $2, decided_at = $3,
       note = $4 WHERE id = $1`,
    [id, operatorId, now, reason],
  );
}
