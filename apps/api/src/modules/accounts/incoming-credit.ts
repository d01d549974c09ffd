import { normalizeIban } from '@bluepeak/core/accounts';
import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';
import {
  type CreateTransfersOptions,
  createTransfersInTransaction,
  type Rail,
  railsForCurrency,
  systemAccountId,
  type Transfer,
  type TransferInput,
} from '../ledger';
import { notifyIncomingPayment } from '../notifications';
import { findOpenAccountAtAddress } from './account-group-rows';
import { recordIncomingPayer } from './incoming-payer-rows';
import { collectOwedFees } from './opening-fee';

// Money arriving for a client: find the account it is for, then book it. The only way money
// comes in: the bank's statement import (docs/incoming-money.md), a credit typed by an operator
// (four eyes above a threshold) and the demo seed all call creditIncomingPayment.

export type IncomingCreditTarget = {
  clientId: string;
  /** The client account (client_accounts.id) the API shows. */
  accountId: string;
  ledgerAccountId: string;
  currency: string;
};

export type IncomingCreditAddress =
  | { iban: string; currency: string }
  | { sortCode: string; accountNumber: string; currency: string };

/**
 * The client account an incoming credit is for: by IBAN (any currency the client holds) or by
 * UK sort code and account number (sterling only, as Faster Payments carry). Undefined when no
 * client account matches: the rail then books the money to suspense. A closed account (its
 * client DEACTIVATED, its ledger account frozen) matches nothing, so the money goes back.
 */
export async function findAccountForIncomingCredit(
  db: Queryable,
  address: IncomingCreditAddress,
): Promise<IncomingCreditTarget | undefined> {
  const byIban = 'iban' in address;
  if (!byIban && address.currency !== 'GBP') return undefined;
  const row = await findOpenAccountAtAddress(
    db,
    address.currency,
    byIban
      ? { iban: normalizeIban(address.iban) }
      : { sortCode: address.sortCode.replace(/[\s-]/g, ''), accountNumber: address.accountNumber },
  );
  return row
    ? {
        clientId: row.client_id,
        accountId: row.id,
        ledgerAccountId: row.ledger_account_id,
        currency: row.currency,
      }
    : undefined;
}

export type IncomingCredit = {
  target: IncomingCreditTarget;
  amountMinor: number;
  rail: Rail;
  /** The incoming payment's own id (end-to-end id or our record of it): makes retries safe. */
  reference: string;
  payerName?: string | undefined;
  eventAt?: Date | undefined;
  /**
   * Transfers out of the credited account that belong to the same chain (an escrow deal funded
   * by this payment): linked after the credit, so the credit and they are all or nothing.
   */
  onward?: { transfers: TransferInput[]; complete: (tx: Queryable) => Promise<void> } | undefined;
};

/**
 * Books an incoming credit in the caller's transaction: the partner bank received the money
 * (safeguarding -> rail settlement) and it is the client's (rail settlement -> client), as
 * one linked chain. Then owed fees are collected and the client is notified. A retry with the
 * same reference returns the transfers already booked and notifies nobody twice.
 */
export async function creditIncomingPayment(
  tx: Queryable,
  credit: IncomingCredit,
  options: CreateTransfersOptions = {},
): Promise<Transfer> {
  const { target, rail } = credit;
  if (!railsForCurrency(target.currency).includes(rail)) {
    throw new Error(`The ${rail} rail does not carry ${target.currency}`);
  }
  const settlement = systemAccountId(target.currency, 'rail_settlement', rail);
  const onward = credit.onward?.transfers ?? [];
  const common = {
    kind: 'posted' as const,
    amountMinor: credit.amountMinor,
    currency: target.currency,
    referenceType: 'incoming_payment',
    referenceId: credit.reference,
    ...(credit.eventAt ? { eventAt: credit.eventAt } : {}),
  };
  const results = await createTransfersInTransaction(
    tx,
    [
      {
        ...common,
        id: `in:${credit.reference}:bank`,
        debitAccountId: systemAccountId(target.currency, 'safeguarding'),
        creditAccountId: settlement,
        code: 'incoming_settlement',
        linked: true,
      },
      {
        ...common,
        id: `in:${credit.reference}:credit`,
        debitAccountId: settlement,
        creditAccountId: target.ledgerAccountId,
        code: 'incoming_payment',
        linked: onward.length > 0,
      },
      ...onward,
    ],
    options,
  );
  const credited = results[1];
  if (!credited?.ok || results.some((result) => !result.ok)) {
    const failed = results.find((result) => !result.ok);
    throw new Error(
      `The ledger refused incoming credit ${credit.reference}: ${failed?.ok === false ? failed.code : '?'}`,
    );
  }
  if (credited.status === 'exists') return credited.transfer;
  if (credit.payerName) await recordIncomingPayer(tx, credit.reference, credit.payerName);
  await writeAuditEntry(tx, {
    actorType: 'system',
    action: 'account.credited',
    objectType: 'client_account',
    objectId: target.accountId,
    details: {
      transfer_id: credited.transfer.id,
      amount_minor: credit.amountMinor,
      currency: target.currency,
      rail,
    },
  });
  await credit.onward?.complete(tx);
  await notifyIncomingPayment(tx, {
    clientId: target.clientId,
    accountId: target.accountId,
    amountMinor: credit.amountMinor,
    currency: target.currency,
    payerName: credit.payerName,
    eventAt: credited.transfer.createdAt,
  });
  await collectOwedFees(tx, target.clientId, options);
  return credited.transfer;
}
