import { randomUUID } from 'node:crypto';
import { formatMoney } from '@bluepeak/core';
import type { CreatePayment, Payee } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { findClientAccountWithLedger } from '../accounts';
import { assertApproved, type ClientRow } from '../clients';
import { getAccount } from '../ledger';
import { findActiveRecipient, resolvePayee } from '../recipients';
import { bindingHash, issueScaChallenge, type ScaChallenge } from '../sca';
import {
  insertCreatedPayment,
  type NewPayment,
  payeeHashOf,
  paymentInsertInStatus,
} from './payment-insert-rows';
import { accountFrozen } from './payment-ledger';
import type { PaymentEventRow, PaymentRow } from './payment-rows';
import { insertPaymentWithStatus, type PaymentActor } from './payment-status';
import { checkAmountAndCurrency, quotePayment } from './quote-payment';

// A new payment (docs/requirements/api-contract.md): checked, priced and stored as
// `awaiting_confirmation`, with a code bound to its amount and payee sent by the client's second
// factor. No money moves until the code comes back (confirm-payment.ts).

/** What the client's code authorises: this payment, this amount, this payee (RTS art. 5). */
export function paymentBinding(
  payment: Pick<
    PaymentRow,
    'id' | 'amount_minor' | 'currency' | 'debit_amount_minor' | 'fee_minor' | 'payee_hash'
  >,
): string {
  return bindingHash({
    payment_id: payment.id,
    amount: payment.amount_minor,
    currency: payment.currency,
    debit_amount: payment.debit_amount_minor,
    fee: payment.fee_minor,
    payee_hash: Buffer.from(payment.payee_hash).toString('hex'),
  });
}

export function describePayment(payment: Pick<PaymentRow, 'amount_minor' | 'currency' | 'payee'>): string {
  return `pay ${formatMoney(payment.amount_minor, payment.currency)} to ${payment.payee.name ?? ''}`;
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
  input: NewPayment & {
    /** Writes the `created` history row in the same statement, by this actor. */
    createdBy?: PaymentActor;
  },
): Promise<PaymentRow> {
  const actor = input.createdBy;
  const row = await insertCreatedPayment(tx, input, {
    actorType: actor ? (actor.actorType === 'anonymous' ? 'system' : actor.actorType) : null,
    actorId: actor?.actorId ?? null,
  });
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
  const payment: NewPayment = {
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
  };
  // The code is issued first, for the payment as it will be written (its id made here), and the
  // payment is written straight into awaiting_confirmation with it: one statement and one row
  // version fewer than storing it as created and then moving it on.
  const draft = {
    id: randomUUID(),
    status: 'created' as const,
    client_id: client.id,
    amount_minor: body.amount,
    currency: body.currency,
    debit_amount_minor: quote.debitAmount,
    fee_minor: quote.fee,
    payee: resolved.payee,
    payee_hash: payeeHashOf(resolved),
    deactivation_request_id: null,
    escrow_deal_id: null,
  };
  const binding = paymentBinding(draft);
  const sca = await issueScaChallenge(
    tx,
    client,
    { kind: 'payment', objectId: draft.id, binding },
    describePayment(draft),
    input.now,
    { newObject: true },
  );
  const { row, history } = await insertPaymentWithStatus(
    tx,
    draft,
    'awaiting_confirmation',
    {
      actor: input.actor,
      challengeId: sca.challenge_id,
      extra: { amount: body.amount, currency: body.currency, fee: quote.fee, type: body.type },
    },
    paymentInsertInStatus(payment),
  );
  // The code is bound to what was written: a difference would be a bug, never a payment.
  if (paymentBinding(row) !== binding)
    throw new Error(`payment ${row.id} differs from what its code was bound to`);
  return { payment: row, sca, history };
}
