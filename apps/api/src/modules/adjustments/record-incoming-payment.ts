import { brand, countryRegion } from '@bluepeak/core';
import type { IncomingPaymentInput } from '@bluepeak/core/backoffice';
import { convertCost, convertReceived, incomingPaymentFee } from '@bluepeak/core/fees';
import type { Queryable } from '../../db/database';
import { type OperatorActor, operatorActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { ErrorCode } from '../../lib/error-statuses';
import { creditIncomingPayment, findAccountForIncomingCredit, type IncomingCreditTarget } from '../accounts';
import { writeAuditEntry } from '../audit';
import { incomingEscrowFunding } from '../escrow';
import { marketRate } from '../fx-rates';
import {
  createTransfersInTransaction,
  getAccount,
  listTransfersByReference,
  type Rail,
  railsForCurrency,
  systemAccountId,
  type Transfer,
} from '../ledger';

// A payments operator records an incoming payment as the partner bank reported it
// (docs/requirements/back-office.md). The credit goes through the accounts module (the same path the
// rails take: the client is notified there), then the tariff's incoming fee is charged through the
// ledger. The bank's reference makes a second report of one payment a conflict, never a second
// credit.
export type RecordedIncomingPayment = {
  reference: string;
  client_id: string;
  account_id: string;
  amount: number;
  currency: string;
  fee: number;
  credit_transfer_id: string;
  fee_transfer_id: string | null;
};

export type { OperatorActor };

const unprocessable = (code: ErrorCode, message: string, detail: string) =>
  new AppError(code, message, { detail });

type FeeBasis = Pick<IncomingPaymentInput, 'amount' | 'currency' | 'payer_country'>;

/** The tariff's incoming fee (in the tariff's currency) converted to the credit's currency, rounded up. */
async function incomingFeeMinor(tx: Queryable, input: FeeBasis): Promise<number> {
  const { tariff } = brand;
  const senderRegion = countryRegion(input.payer_country);
  if (input.currency === tariff.currency) {
    return incomingPaymentFee(tariff, { amountInTariffCurrency: input.amount, senderRegion }).total;
  }
  const rate = await marketRate(tx, input.currency, tariff.currency);
  if (!rate)
    throw unprocessable(
      'currency_unsupported',
      'No exchange rate for this currency',
      `We have no exchange rate for ${input.currency}, so the incoming fee cannot be worked out.`,
    );
  const inTariff = convertReceived(input.amount, rate);
  const fee = incomingPaymentFee(tariff, { amountInTariffCurrency: inTariff, senderRegion }).total;
  return fee === 0 ? 0 : Math.min(input.amount, convertCost(fee, rate));
}

/** The checks before a typed credit is booked or proposed: its rail, its account, its reference. */
export async function incomingPaymentTarget(
  tx: Queryable,
  input: IncomingPaymentInput,
): Promise<IncomingCreditTarget> {
  if (!railsForCurrency(input.currency).includes(input.rail))
    throw unprocessable(
      'rail_currency_mismatch',
      'This rail does not carry this currency',
      `${input.rail} does not carry ${input.currency}.`,
    );
  const target = await findAccountForIncomingCredit(tx, { iban: input.iban, currency: input.currency });
  if (!target)
    throw unprocessable(
      'account_not_found',
      'No client account matches this IBAN and currency',
      'No client account has this IBAN in this currency. Check the bank report.',
    );
  if ((await listTransfersByReference(tx, 'incoming_payment', `bo-${input.bank_reference}`)).length > 0)
    throw new AppError('incoming_payment_exists', 'A payment with this bank reference is already recorded');
  return target;
}

/**
 * Books a typed credit. `countedEurMinor` is what it added to its operator's rolling total when
 * booked alone (none when a second operator approved it), kept in the audit entry.
 */
export async function recordIncomingPayment(
  tx: Queryable,
  input: IncomingPaymentInput,
  actor: OperatorActor,
  checked: { target?: IncomingCreditTarget; countedEurMinor?: number } = {},
): Promise<RecordedIncomingPayment> {
  const target = checked.target ?? (await incomingPaymentTarget(tx, input));
  const reference = `bo-${input.bank_reference}`;
  const { credit, charged, fee } = await bookIncomingPayment(tx, {
    target,
    amount: input.amount,
    currency: input.currency,
    payer_country: input.payer_country,
    rail: input.rail,
    reference,
    payerName: input.payer_name,
    remittance: input.remittance,
  });
  await writeAuditEntry(tx, {
    ...operatorActor(actor),
    action: 'operator.incoming_payment_recorded',
    objectType: 'client',
    objectId: target.clientId,
    details: {
      bank_reference: input.bank_reference,
      amount_minor: input.amount,
      currency: input.currency,
      fee_minor: charged?.amount ?? 0,
      fee_due_minor: fee,
      rail: input.rail,
      payer_name: input.payer_name,
      payer_country: input.payer_country,
      account_id: target.accountId,
      transfer_id: credit.id,
      counted_eur_minor: checked.countedEurMinor ?? null,
    },
  });
  return {
    reference,
    client_id: target.clientId,
    account_id: target.accountId,
    amount: input.amount,
    currency: input.currency,
    fee: charged?.amount ?? 0,
    credit_transfer_id: credit.id,
    fee_transfer_id: charged?.id ?? null,
  };
}

/**
 * Books an incoming payment: the credit through the accounts module (the one way money comes
 * in), then the tariff's incoming fee. Used for credits typed by hand and for the bank's
 * statement entries alike, so both cost the client the same.
 */
export async function bookIncomingPayment(
  tx: Queryable,
  payment: FeeBasis & {
    target: IncomingCreditTarget;
    rail: Rail;
    reference: string;
    payerName?: string | undefined;
    /** The payment's remittance: an escrow deal's reference there funds the deal. */
    remittance?: string | null | undefined;
  },
): Promise<{ credit: Transfer; charged: { id: string; amount: number } | null; fee: number }> {
  const fee = await incomingFeeMinor(tx, payment);
  const onward = await incomingEscrowFunding(tx, {
    clientId: payment.target.clientId,
    ledgerAccountId: payment.target.ledgerAccountId,
    currency: payment.target.currency,
    amountMinor: payment.amount,
    remittance: payment.remittance ?? undefined,
    reference: payment.reference,
  });
  const credit = await creditIncomingPayment(tx, {
    target: payment.target,
    amountMinor: payment.amount,
    rail: payment.rail,
    reference: payment.reference,
    payerName: payment.payerName,
    onward,
  });
  const charged = fee > 0 ? await chargeIncomingFee(tx, payment.target, payment.reference, fee) : null;
  return { credit, charged, fee };
}

/**
 * Charges the incoming fee from the credited account. Owed fees (the opening fee) are
 * collected first by the credit itself, so the fee takes at most what is left: a balance
 * never goes below zero for a fee.
 */
async function chargeIncomingFee(
  tx: Queryable,
  target: { ledgerAccountId: string; currency: string },
  reference: string,
  fee: number,
): Promise<{ id: string; amount: number } | null> {
  const account = await getAccount(tx, target.ledgerAccountId);
  const amount = Math.min(fee, account?.availableMinor ?? 0);
  if (amount <= 0) return null;
  const id = `fee:incoming:${reference}`;
  const [result] = await createTransfersInTransaction(tx, [
    {
      kind: 'posted',
      id,
      debitAccountId: target.ledgerAccountId,
      creditAccountId: systemAccountId(target.currency, 'fee_income'),
      amountMinor: amount,
      currency: target.currency,
      code: 'incoming_fee',
      referenceType: 'incoming_payment',
      referenceId: reference,
    },
  ]);
  if (!result?.ok) throw new Error(`The ledger refused the incoming fee ${id}: ${result?.code}`);
  return { id, amount };
}
