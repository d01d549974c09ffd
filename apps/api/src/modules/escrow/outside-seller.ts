import { checkIban } from '@bluepeak/core/accounts';
import type { EscrowOutsideParty, ProposeEscrowInput } from '@bluepeak/core/escrow';
import type { Payee } from '@bluepeak/core/payments';
import { countryByCode } from '@bluepeak/core/reference';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { findClientAccountByCurrency } from '../accounts';
import { systemAccountId } from '../ledger';
import {
  changePaymentStatus,
  checkAmountAndCurrency,
  insertPayment,
  type PaymentActor,
  placePaymentHolds,
  quotePayment,
} from '../payments';
import { queueRailSubmission, railChannel } from '../rails';
import { resolvePayee } from '../recipients';
import { isOurIban } from './escrow-counterparty-rows';
import type { DealRow } from './escrow-rows';

// A seller outside the institution (docs/requirements/escrow.md, "Outside sellers"): named by
// the buyer with a name and an IBAN, checked like a payee of an outgoing payment, and paid on
// release by an outgoing payment from the escrow account: SEPA for a EUR deal to a SEPA IBAN,
// SWIFT otherwise. The release is the payments module's own path: a payment row, its hold in one
// ledger call (escrow -> the rail's settlement account), the rail outbox; the rail's answer posts
// the hold. The deal's fees cover the payment: it carries no payment fee of its own.

const invalid = (detail: string) => new AppError('escrow_invalid', detail, { detail });

export type OutsideSeller = { type: 'sepa' | 'international'; payee: Record<string, string> };

function payeeFor(
  outside: EscrowOutsideParty,
  currency: string,
): { type: OutsideSeller['type']; payee: Payee } {
  const iban = checkIban(outside.iban);
  if (!iban.valid) throw new AppError(iban.code, iban.message, { detail: iban.message });
  if (currency === 'EUR' && countryByCode(iban.country)?.is_sepa === true)
    return {
      type: 'sepa',
      payee: { name: outside.name, iban: iban.iban, ...(outside.bic ? { bic: outside.bic } : {}) },
    };
  if (!outside.bic || !outside.bank_name || !outside.address)
    throw invalid(
      "Outside SEPA or EUR the seller is paid by SWIFT: give the bank's BIC, the bank's name and the seller's address.",
    );
  return {
    type: 'international',
    payee: {
      name: outside.name,
      account_number: iban.iban,
      swift: outside.bic,
      bank_name: outside.bank_name,
      address: outside.address,
      country: outside.country ?? iban.country,
    },
  };
}

/** Checks an outside seller named in a proposal; refused unless the proposer is the buyer. */
export async function resolveOutsideSeller(
  tx: Queryable,
  input: ProposeEscrowInput,
  outside: EscrowOutsideParty,
  buyerClientId: string,
): Promise<OutsideSeller> {
  if (input.role !== 'buyer') throw invalid('Only a buyer may name a seller outside the institution.');
  if (input.conditions.some((condition) => condition.presenter !== 'buyer'))
    throw invalid('An outside seller has no dashboard: the buyer presents every condition.');
  const iban = checkIban(outside.iban);
  if (iban.valid) {
    if (await isOurIban(tx, iban.iban))
      throw invalid('This IBAN is a client of ours: name them by account number instead.');
  }
  const { type, payee } = payeeFor(outside, input.currency);
  checkAmountAndCurrency({
    type,
    amount: input.amount,
    currency: input.currency,
    accountCurrency: input.currency,
  });
  const resolved = await resolvePayee(tx, {
    type,
    payee,
    currency: input.currency,
    payerClientId: buyerClientId,
  });
  return { type, payee: resolved.payee };
}

/**
 * Pays the outside seller on an approved release, in the caller's transaction. Returns the hold's
 * transfer id (the deal's payout transfer) and the payment's id.
 */
export async function payOutsideSeller(
  tx: Queryable,
  deal: DealRow,
  actor: PaymentActor,
  now: Date,
): Promise<{ transferId: string; paymentId: string }> {
  const type = deal.outside_payment_type;
  if (!deal.outside_seller || !type) throw new Error(`deal ${deal.id} has no outside seller`);
  // A payment belongs to a client account: the buyer's, whose deal it pays; the money leaves escrow.
  const account = await findClientAccountByCurrency(tx, deal.buyer_client_id, deal.currency);
  if (!account) throw new AppError('account_not_found', `The buyer has no ${deal.currency} account`);
  const payee = deal.outside_seller as unknown as Payee;
  const resolved = await resolvePayee(tx, {
    type,
    payee,
    currency: deal.currency,
    payerClientId: deal.buyer_client_id,
  });
  const quote = await quotePayment(tx, {
    type,
    amount: deal.amount_minor,
    currency: deal.currency,
    accountCurrency: deal.currency,
    highRisk: resolved.highRisk,
  });
  const payment = await insertPayment(tx, {
    clientId: deal.buyer_client_id,
    type,
    account: {
      id: account.id,
      currency: deal.currency,
      ledger_account_id: systemAccountId(deal.currency, 'escrow'),
    },
    amount: deal.amount_minor,
    currency: deal.currency,
    quote: { ...quote, fee: 0 },
    recipientId: null,
    resolved,
    description: `Escrow ${deal.reference}`,
    saveRecipient: false,
    deactivationRequestId: null,
    escrowDealId: deal.id,
    now,
    createdBy: actor,
  });
  const reason = `Escrow ${deal.reference} released to the seller by two operators`;
  await changePaymentStatus(tx, payment, 'processing', { actor, reason });
  await queueRailSubmission(tx, payment, await railChannel(tx, payment.rail as 'sepa'));
  await placePaymentHolds(tx, payment);
  return { transferId: `payment:${payment.id}:hold`, paymentId: payment.id };
}
