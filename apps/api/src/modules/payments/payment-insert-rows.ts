import { createHash } from 'node:crypto';
import { type PaymentType, railFor } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import type { ResolvedPayee } from '../recipients';
import { canonicalJson } from '../sca';
import type { PaymentRow } from './payment-rows';
import { STATUS_CHANGE_PARAMS } from './payment-status-rows';
import type { PaymentQuote } from './quote-payment';

// How payments rows come to be: one priced payment (as `created`, or straight into a status with
// a status change's statement), a confirmed batch's payments in one statement, and a past
// payment's completion.

export type NewPayment = {
  clientId: string;
  type: PaymentType;
  account: { id: string; currency: string; ledger_account_id: string };
  amount: number;
  currency: string;
  quote: PaymentQuote;
  recipientId: string | null;
  resolved: ResolvedPayee;
  description: string;
  saveRecipient: boolean;
  deactivationRequestId: string | null;
  /** The escrow deal whose release this payment is (paid from the escrow account). */
  escrowDealId?: string;
  now: Date;
};

export const payeeHashOf = (resolved: ResolvedPayee) =>
  createHash('sha256').update(canonicalJson(resolved.payee)).digest();

/**
 * The payment's INSERT ... RETURNING *, its values numbered from placeholder `first`; `id`,
 * `status` and `challengeId` are SQL expressions (DEFAULT, a literal or another placeholder).
 */
function paymentInsert(
  input: NewPayment,
  first: number,
  fixed: { id: string; status: string; challengeId: string },
): { sql: string; params: unknown[] } {
  const { account, quote, resolved } = input;
  const params: unknown[] = [
    input.clientId,
    input.type,
    railFor(input.type),
    account.id,
    account.ledger_account_id,
    input.amount,
    input.currency,
    quote.debitAmount,
    account.currency,
    quote.fee,
    quote.rate,
    quote.marketRate,
    input.recipientId,
    JSON.stringify(resolved.payee),
    payeeHashOf(resolved),
    resolved.internal?.id ?? null,
    input.description,
    input.saveRecipient,
    input.deactivationRequestId,
    input.now,
    input.escrowDealId ?? null,
  ];
  const $ = (n: number) => `$${first + n - 1}`;
  return {
    sql: `INSERT INTO payments (id, status, challenge_id, client_id, type, rail, account_id, ledger_account_id,
       amount_minor, currency, debit_amount_minor, debit_currency, fee_minor, rate, market_rate, recipient_id, payee,
       payee_hash, payee_account_id, description, end_to_end_id, save_recipient, deactivation_request_id, created_at,
       updated_at, escrow_deal_id)
     VALUES (${fixed.id}, ${fixed.status}, ${fixed.challengeId}, ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)},
       ${$(6)}, ${$(7)}, ${$(8)}, ${$(9)}, ${$(10)}, ${$(11)}, ${$(12)}, ${$(13)}, ${$(14)}::jsonb,
       ${$(15)}, ${$(16)}, ${$(17)}, upper(replace(gen_random_uuid()::text, '-', '')), ${$(18)}, ${$(19)}, ${$(20)},
       ${$(20)}, ${$(21)})
     RETURNING *`,
    params,
  };
}

/**
 * The payment's INSERT for insertPaymentWithStatus (payment-status.ts): its placeholders follow the
 * status change's, and it writes id $1, status $3 and challenge_id $14.
 */
export function paymentInsertInStatus(input: NewPayment): { sql: string; params: unknown[] } {
  return paymentInsert(input, STATUS_CHANGE_PARAMS + 1, {
    id: '$1::uuid',
    status: '$3::text',
    challengeId: '$14::uuid',
  });
}

/**
 * A priced payment as `created`, with its `created` history row in the same statement when
 * `createdBy` has an actor type.
 */
export async function insertCreatedPayment(
  tx: Queryable,
  input: NewPayment,
  createdBy: { actorType: string | null; actorId: string | null },
): Promise<PaymentRow | undefined> {
  const insert = paymentInsert(input, 1, { id: 'DEFAULT', status: "'created'", challengeId: 'NULL' });
  const at = insert.params.length;
  const [row] = await tx.query<PaymentRow>(
    `WITH inserted AS (${insert.sql}),
     created AS (INSERT INTO payment_events (payment_id, status, actor_type, actor_id)
       SELECT id, 'created', $${at + 1}::text, $${at + 2}::uuid FROM inserted WHERE $${at + 1}::text IS NOT NULL)
     SELECT * FROM inserted`,
    [...insert.params, createdBy.actorType, createdBy.actorId],
  );
  return row;
}

/** A priced payment's money as the columns a payment and a batch row both store it under. */
export type PriceColumns = {
  amount_minor: number | null;
  currency: string | null;
  debit_amount_minor: number | null;
  fee_minor: number | null;
  rate: string | null;
  market_rate: string | null;
};

/** One record of a confirmed batch's payments, as insertBatchPaymentRows reads it. */
export type BatchPaymentRecord = PriceColumns & {
  ordinal: number;
  type: PaymentType;
  rail: string;
  payee: Record<string, string>;
  payee_hash: string;
  description: string;
};

/** A confirmed batch's payments straight as `processing`, with their history rows, in one statement. */
export async function insertBatchPaymentRows(
  tx: Queryable,
  input: {
    records: BatchPaymentRecord[];
    clientId: string;
    account: { id: string; currency: string; ledger_account_id: string };
    challengeId: string;
    actorType: string;
    actorId: string | null;
  },
): Promise<PaymentRow[]> {
  return tx.query<PaymentRow>(
    `WITH source AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(ordinal int, type text, rail text, amount_minor bigint,
         currency text, debit_amount_minor bigint, fee_minor bigint, rate text, market_rate text, payee jsonb,
         payee_hash text, description text)),
     inserted AS (
       INSERT INTO payments (client_id, type, rail, status, account_id, ledger_account_id, amount_minor, currency,
         debit_amount_minor, debit_currency, fee_minor, rate, market_rate, payee, payee_hash, description,
         end_to_end_id, challenge_id, confirmed_at)
       SELECT $2::uuid, type, rail, 'processing', $3::uuid, $4::text, amount_minor, currency, debit_amount_minor,
         $5::text, fee_minor, rate, market_rate, payee, decode(payee_hash, 'hex'), description,
         upper(replace(gen_random_uuid()::text, '-', '')), $6::uuid, now()
       FROM source ORDER BY ordinal
       RETURNING *),
     events AS (
       INSERT INTO payment_events (payment_id, status, actor_type, actor_id)
       SELECT id, 'processing', $7::text, $8::uuid FROM inserted)
     SELECT * FROM inserted`,
    [
      JSON.stringify(input.records),
      input.clientId,
      input.account.id,
      input.account.ledger_account_id,
      input.account.currency,
      input.challengeId,
      input.actorType,
      input.actorId,
    ],
  );
}

/** A past payment completed at $2, with its created and completed history rows at that time. */
export async function completePastPayment(tx: Queryable, paymentId: string, at: Date): Promise<void> {
  await tx.query(
    `WITH done AS (
       UPDATE payments SET status = 'completed', confirmed_at = $2, updated_at = $2 WHERE id = $1 RETURNING id)
     INSERT INTO payment_events (payment_id, status, actor_type, created_at)
     SELECT id, status, actor_type, at FROM done,
       (VALUES ('created', 'client', $2::timestamptz), ('completed', 'system', $2::timestamptz)) AS e(status, actor_type, at)`,
    [paymentId, at],
  );
}
