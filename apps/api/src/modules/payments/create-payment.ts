import { createHash } from 'node:crypto';
import { currencyByCode, formatMinorUnits } from '@bluepeak/core';
import { type CreatePayment, type Payee, type PaymentType, railFor } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { findClientAccountWithLedger } from '../accounts';
import { assertApproved, type ClientRow } from '../clients';
import { getAccount } from '../ledger';
import { findActiveRecipient } from '../recipients';
import { bindingHash, canonicalJson, issueScaChallenge, type ScaChallenge } from '../sca';
import { accountFrozen } from './payment-ledger';
import type { PaymentEventRow, PaymentRow } from './payment-rows';
import { changePaymentStatusWithHistory, type PaymentActor } from './payment-status';
import { checkAmountAndCurrency, type PaymentQuote, quotePayment } from './quote-payment';
import { type ResolvedPayee, resolvePayee } from './resolve-payee';

// A new payment (docs/requirements/api-contract.md): checked, priced and stored as
// `awaiting_confirmation`, with a code bound to its amount and payee sent by the client's second
// factor. No money moves until the code comes back (confirm-payment.ts).

/** What the client's code authorises: this payment, this amount, this payee (RTS art. 5). */
export function paymentBinding(payment: PaymentRow): string {
  return bindingHash({
    payment_id: payment.id,
    amount: payment.amount_minor,
    currency: payment.currency,
    debit_amount: payment.debit_amount_minor,
    fee: payment.fee_minor,
    payee_hash: Buffer.from(payment.payee_hash).toString('hex'),
  });
}

export function describePayment(payment: PaymentRow): string {
  const exponent = currencyByCode(payment.currency)?.exponent ?? 2;
  return `pay ${formatMinorUnits(payment.amount_minor, exponent)} ${payment.currency} to ${payment.payee.name ?? ''}`;
}

async function payeeOf(tx: Queryable, clientId: string, body: CreatePayment): Promise<Payee> {
  if (!body.recipient_id) return body.recipient as Payee;
  const recipient = await findActiveRecipient(tx, clientId, body.recipient_id);
  if (!recipient) throw notFound('Recipient');
  if (recipient.type !== body.type)
    throw new AppError('recipient_type_mismatch', `This recipient is for ${recipient.type} payments`, {
      detail: `This recipient is for ${recipient.type} payments`,
    });
  return recipient.details as Payee;
}

/** Stores a priced payment as `created`; the caller moves it on (code, or the system's own authority). */
export async function insertPayment(
  tx: Queryable,
  input: {
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
    /** Writes the `created` history row in the same statement, by this actor. */
    createdBy?: PaymentActor;
  },
): Promise<PaymentRow> {
  const { account, quote, resolved } = input;
  const payeeHash = createHash('sha256').update(canonicalJson(resolved.payee)).digest();
  const actor = input.createdBy;
  const [row] = await tx.query<PaymentRow>(
    `WITH inserted AS (INSERT INTO payments (client_id, type, rail, status, account_id, ledger_account_id, amount_minor, currency,
       debit_amount_minor, debit_currency, fee_minor, rate, market_rate, recipient_id, payee, payee_hash,
       payee_account_id, description, end_to_end_id, save_recipient, deactivation_request_id, created_at, updated_at,
       escrow_deal_id)
     VALUES ($1, $2, $3, 'created', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16, $17,
       upper(replace(gen_random_uuid()::text, '-', '')), $18, $19, $20, $20, $23)
     RETURNING *),
     created AS (INSERT INTO payment_events (payment_id, status, actor_type, actor_id)
       SELECT id, 'created', $21::text, $22::uuid FROM inserted WHERE $21::text IS NOT NULL)
     SELECT * FROM inserted`,
    [
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
      payeeHash,
      resolved.internal?.id ?? null,
      input.description,
      input.saveRecipient,
      input.deactivationRequestId,
      input.now,
      actor ? (actor.actorType === 'anonymous' ? 'system' : actor.actorType) : null,
      actor?.actorId ?? null,
      input.escrowDealId ?? null,
    ],
  );
  if (!row) throw new Error('payment insert returned no row');
  return row;
}

export async function createPayment(
  tx: Queryable,
  input: { client: ClientRow; body: CreatePayment; actor: PaymentActor; now: Date },
): Promise<{ payment: PaymentRow; sca: ScaChallenge; history: PaymentEventRow[] }> {
  const { client, body } = input;
  assertApproved(client);
  // The account's balances come with it (one statement): they are checked once the fee is known.
  const found = await findClientAccountWithLedger(tx, client.id, body.account_id);
  if (!found) throw notFound('Account');
  const account = found.row;
  checkAmountAndCurrency({
    type: body.type,
    amount: body.amount,
    currency: body.currency,
    accountCurrency: account.currency,
  });
  const resolved = await resolvePayee(tx, {
    type: body.type,
    payee: await payeeOf(tx, client.id, body),
    currency: body.currency,
    payerClientId: client.id,
  });
  const quote = await quotePayment(tx, {
    type: body.type,
    amount: body.amount,
    currency: body.currency,
    accountCurrency: account.currency,
    highRisk: resolved.highRisk,
  });
  const ledgerAccount = found.ledger ?? (await getAccount(tx, account.ledger_account_id));
  // A frozen account takes no debit (ledger/freeze-account.ts): refused now, before a code is
  // sent for a payment that could never be confirmed (docs/reliability.md, bad input 14).
  if (ledgerAccount?.frozen) throw accountFrozen();
  if (!ledgerAccount || ledgerAccount.availableMinor < quote.debitAmount + quote.fee)
    throw new AppError('insufficient_funds', 'Not enough money in the account for the amount and the fee', {
      detail: 'Not enough money in the account for the amount and the fee',
    });
  const row = await insertPayment(tx, {
    clientId: client.id,
    type: body.type,
    account,
    amount: body.amount,
    currency: body.currency,
    quote,
    recipientId: body.recipient_id ?? null,
    resolved,
    description: body.description ?? '',
    saveRecipient: body.recipient_id === undefined && body.save_recipient === true,
    deactivationRequestId: null,
    now: input.now,
    createdBy: input.actor,
  });
  const sca = await issueScaChallenge(
    tx,
    client,
    { kind: 'payment', objectId: row.id, binding: paymentBinding(row) },
    describePayment(row),
    input.now,
    { newObject: true },
  );
  const history = await changePaymentStatusWithHistory(tx, row, 'awaiting_confirmation', {
    actor: input.actor,
    challengeId: sca.challenge_id,
    extra: { amount: row.amount_minor, currency: row.currency, fee: row.fee_minor, type: row.type },
  });
  // Made in this transaction, so no one else can have moved it.
  if (!history) throw new Error(`new payment ${row.id} did not move to awaiting_confirmation`);
  return { payment: row, sca, history };
}
