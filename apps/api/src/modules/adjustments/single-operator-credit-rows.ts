import type { Queryable } from '../../db/database';

// The credits booked by one operator alone (single_operator_credits), as single-operator-limit.ts
// counts and records them.

// Totals come back as text: a sum of many safe integers need not be one.
const TOTALS = `SELECT COALESCE(sum(eur_minor) FILTER (WHERE operator_id = $1), 0)::text AS operator_total,
    COALESCE(sum(eur_minor) FILTER (WHERE client_account_id = $2), 0)::text AS account_total
  FROM single_operator_credits WHERE booked_at > $3 AND (operator_id = $1 OR client_account_id = $2)`;

/** The operator's and the account's euro totals of what was booked alone since then. */
export async function singleOperatorTotals(
  tx: Queryable,
  operatorId: string,
  accountId: string,
  since: Date,
) {
  const [row] = await tx.query<{ operator_total: string; account_total: string }>(TOTALS, [
    operatorId,
    accountId,
    since,
  ]);
  return row;
}

/** A credit one operator books alone, as single_operator_credits records it. */
export type SingleOperatorCredit = {
  kind: 'incoming_payment' | 'bank_credit';
  /** The bank reference typed by hand, or the bank credit's id. */
  reference: string;
  operatorId: string;
  clientAccountId: string;
  amountMinor: number;
  currency: string;
};

/** The rows it recorded: none when the same reference was recorded before. */
export async function insertSingleOperatorCredit(
  tx: Queryable,
  credit: SingleOperatorCredit,
  eurMinor: number,
  now: Date,
) {
  return tx.query(
    `INSERT INTO single_operator_credits (kind, reference, operator_id, client_account_id, amount_minor, currency,
       eur_minor, booked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (kind, reference) DO NOTHING RETURNING id`,
    [
      credit.kind,
      credit.reference,
      credit.operatorId,
      credit.clientAccountId,
      credit.amountMinor,
      credit.currency,
      eurMinor,
      now,
    ],
  );
}
