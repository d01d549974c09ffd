import { type PayoutLine, type PayoutPlanLine, payoutCurrencyAllowed, planPayouts } from '@bluepeak/core';
import type { Payee } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { type ClientRow, clientDisplayName } from '../clients';
import { notifyIncomingPayment } from '../notifications';
import {
  changePaymentStatus,
  insertPayment,
  type PaymentActor,
  placePaymentHolds,
  postInternalPayment,
  quotePayment,
  recordPaymentEvent,
} from '../payments';
import { queueRailSubmission, railChannel } from '../rails';
import { findActiveRecipient, type RecipientRow, type ResolvedPayee, resolvePayee } from '../recipients';
import type { ClosableAccount, DeactivationRow } from './deactivation-rows';
import { payoutFeeFunction } from './payout-fees';

// The pay-outs of a closing (docs/requirements/deactivation.md): what remains after the closing fee
// goes, account by account, to the recipient the client chose when requesting, with the code it
// confirmed the request with. The system makes the payments on the operator's approval: no new
// code.
export const PAYOUT_DESCRIPTION = 'Balance paid out on closing';
const PAYOUT_AUTHORITY =
  'Balance paid out on closing, as the client asked when requesting it (confirmed with their code)';

export type PreparedPayouts = {
  lines: PayoutLine[];
  recipient: RecipientRow | null;
  /** The resolved payee per currency it can take. */
  payees: Map<string, ResolvedPayee>;
};

/** An internal payee takes a currency only if it holds an account in it (and is someone else). */
async function resolveFor(
  tx: Queryable,
  recipient: RecipientRow,
  currency: string,
  clientId: string,
): Promise<ResolvedPayee | null> {
  try {
    return await resolvePayee(tx, {
      type: recipient.type,
      payee: recipient.details as Payee,
      currency,
      payerClientId: clientId,
    });
  } catch (error) {
    if (recipient.type === 'internal' && error instanceof AppError && error.status === 422) return null;
    throw error;
  }
}

/** A request's pay-outs, or a closing's the client is still choosing the recipient for. */
export async function preparePayouts(
  tx: Queryable,
  request: Pick<DeactivationRow, 'client_id' | 'payout_recipient_id'>,
  remaining: readonly { accountId: string; currency: string; amount: number }[],
): Promise<PreparedPayouts> {
  const withMoney = remaining.filter((line) => line.amount > 0);
  const recipient =
    request.payout_recipient_id && withMoney.length > 0
      ? ((await findActiveRecipient(tx, request.client_id, request.payout_recipient_id)) ?? null)
      : null;
  const payees = new Map<string, ResolvedPayee>();
  const fees = new Map<string, (amount: number) => number>();
  if (recipient) {
    for (const currency of new Set(withMoney.map((line) => line.currency))) {
      if (recipient.type !== 'internal' && !payoutCurrencyAllowed({ type: recipient.type }, currency))
        continue;
      const payee = await resolveFor(tx, recipient, currency, request.client_id);
      if (!payee) continue;
      payees.set(currency, payee);
      fees.set(
        currency,
        await payoutFeeFunction(tx, { type: recipient.type, currency, highRisk: payee.highRisk }),
      );
    }
  }
  const lines = planPayouts(
    withMoney,
    recipient ? { type: recipient.type, payeeCurrencies: [...payees.keys()] } : null,
    (currency, amount) => {
      const feeOf = fees.get(currency);
      if (!feeOf) throw new Error(`no fee function for ${currency}`);
      return feeOf(amount);
    },
  );
  return { lines, recipient, payees };
}

/** A line of the plan as the client's page and the back office's client record show it. */
export function toPayoutPlanLine(line: PayoutLine): PayoutPlanLine {
  return {
    account_id: line.accountId,
    currency: line.currency,
    total: line.total,
    amount: line.payable ? line.amount : null,
    fee: line.payable ? line.fee : null,
    problem: line.payable ? null : line.problem,
  };
}

/**
 * Makes one payment per payable line: external ones hold the money and go to the rail's
 * outbox (the rail's answer lands in applyRailOutcome), internal ones are posted and complete
 * at once. Returns the payment ids. Every line must be payable (approvalBlockers checked it).
 */
export async function makePayouts(
  tx: Queryable,
  input: {
    prepared: PreparedPayouts;
    client: ClientRow;
    request: DeactivationRow;
    accounts: readonly ClosableAccount[];
    actor: PaymentActor;
    now: Date;
  },
): Promise<string[]> {
  const { recipient, lines, payees } = input.prepared;
  const ids: string[] = [];
  for (const line of lines) {
    const account = input.accounts.find((candidate) => candidate.id === line.accountId);
    const payee = payees.get(line.currency);
    if (!line.payable || !recipient || !account || !payee) throw new Error('pay-out line is not payable');
    const quote = await quotePayment(tx, {
      type: recipient.type,
      amount: line.amount,
      currency: line.currency,
      accountCurrency: account.currency,
      highRisk: payee.highRisk,
    });
    // The split's fee may exceed the quote by the rounding unit that takes the balance to zero.
    if (quote.debitAmount !== line.amount || quote.fee > line.fee)
      throw new Error(`pay-out split ${line.amount}+${line.fee} disagrees with the quote ${quote.fee}`);
    const payment = await insertPayment(tx, {
      clientId: input.client.id,
      type: recipient.type,
      account: { id: account.id, currency: account.currency, ledger_account_id: account.ledgerAccountId },
      amount: line.amount,
      currency: line.currency,
      quote: { ...quote, fee: line.fee },
      recipientId: recipient.id,
      resolved: payee,
      description: PAYOUT_DESCRIPTION,
      saveRecipient: false,
      deactivationRequestId: input.request.id,
      now: input.now,
    });
    await recordPaymentEvent(tx, payment.id, 'created', { actor: input.actor, reason: PAYOUT_AUTHORITY });
    const change = {
      actor: input.actor,
      reason: PAYOUT_AUTHORITY,
      extra: {
        amount: payment.amount_minor,
        currency: payment.currency,
        fee: payment.fee_minor,
        payout: true,
      },
    };
    if (payee.internal) {
      await postInternalPayment(tx, payment, payee.internal.ledgerAccountId);
      await changePaymentStatus(tx, payment, 'completed', change);
      await notifyIncomingPayment(tx, {
        clientId: payee.internal.clientId,
        accountId: payee.internal.id,
        amountMinor: payment.amount_minor,
        currency: payment.currency,
        payerName: clientDisplayName(input.client),
      });
    } else {
      await placePaymentHolds(tx, payment);
      await changePaymentStatus(tx, payment, 'processing', change);
      await queueRailSubmission(tx, payment, await railChannel(tx, payment.rail as 'sepa'));
    }
    ids.push(payment.id);
  }
  return ids;
}
