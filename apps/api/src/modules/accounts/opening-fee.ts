import { brand, countryRegion, formatMoney } from '@bluepeak/core';
import { lineLabel } from '@bluepeak/core/accounts';
import type { Queryable } from '../../db/database';
import { writeAuditEntry } from '../audit';
import {
  type CreateTransfersOptions,
  createTransfersInTransaction,
  getAccount,
  systemAccountId,
} from '../ledger';
import { notifyClient } from '../notifications';
import { findClientAccountByCurrency } from './account-rows';
import { recordFeeCharged } from './fee-charged';
import { insertOwedFee, lockOwedFees, type OwedFeeRow } from './fee-rows';

// The account-opening fee of the tariff, by the client's region (docs/requirements/tariff.md). A client is
// approved before any money arrives, so the fee is recorded as owed at approval and charged
// through the ledger as soon as the client's account in the tariff's currency can pay it
// (docs/decisions/0009-account-opening-fee.md). Nothing ever takes a balance below zero.

/** Records the opening fee as owed (once per client) and charges it at once if it can be paid. */
export async function recordAccountOpeningFee(
  tx: Queryable,
  client: { id: string; country: string },
  options: CreateTransfersOptions = {},
): Promise<void> {
  const region = countryRegion(client.country);
  const amountMinor = brand.tariff.account.opening[region];
  if (amountMinor <= 0) return;
  const feeId = await recordOwedFee(tx, {
    clientId: client.id,
    kind: 'account_opening',
    amountMinor,
    currency: brand.tariff.currency,
    region,
  });
  if (!feeId) return;
  await collectOwedFees(tx, client.id, options);
}

export type OwedFeeInput = {
  clientId: string;
  kind: 'account_opening' | 'monthly' | 'holding' | 'reference_letter';
  amountMinor: number;
  currency: string;
  region: string;
  /** The month (YYYY-MM) or the letter's id a periodic fee is for; '' for a once-only fee. */
  period?: string;
};

/**
 * Records a fee as owed, once per client, kind, period and currency (a second call returns
 * null and records nothing), and audits it. Collect it with collectOwedFees.
 */
export async function recordOwedFee(tx: Queryable, fee: OwedFeeInput): Promise<string | null> {
  const row = await insertOwedFee(tx, {
    clientId: fee.clientId,
    kind: fee.kind,
    amountMinor: fee.amountMinor,
    currency: fee.currency,
    region: fee.region,
    period: fee.period ?? '',
  });
  if (!row) return null;
  await writeAuditEntry(tx, {
    actorType: 'system',
    action: 'fee.owed',
    objectType: 'client_fee',
    objectId: row.id,
    details: {
      client_id: fee.clientId,
      kind: fee.kind,
      amount_minor: fee.amountMinor,
      currency: fee.currency,
      region: fee.region,
      period: fee.period ?? '',
    },
  });
  return row.id;
}

/**
 * Charges the client's owed fees, oldest first, each from the client's account in the fee's
 * currency when its available balance covers the whole fee. Called after every credit.
 */
export async function collectOwedFees(
  tx: Queryable,
  clientId: string,
  options: CreateTransfersOptions = {},
): Promise<number> {
  const fees = await lockOwedFees(tx, clientId);
  let charged = 0;
  for (const fee of fees) {
    if (await chargeFee(tx, clientId, fee, options)) charged++;
  }
  return charged;
}

async function chargeFee(
  tx: Queryable,
  clientId: string,
  fee: OwedFeeRow,
  options: CreateTransfersOptions,
): Promise<boolean> {
  const account = await findClientAccountByCurrency(tx, clientId, fee.currency);
  if (!account) return false;
  const balance = await getAccount(tx, account.ledger_account_id);
  if (!balance || balance.availableMinor < fee.amount_minor) return false;
  const transferId = `fee:${fee.kind}:${fee.id}`;
  const [result] = await createTransfersInTransaction(
    tx,
    [
      {
        kind: 'posted',
        id: transferId,
        debitAccountId: account.ledger_account_id,
        creditAccountId: systemAccountId(fee.currency, 'fee_income'),
        amountMinor: fee.amount_minor,
        currency: fee.currency,
        code: `${fee.kind}_fee`,
        referenceType: 'client_fee',
        referenceId: fee.id,
        ...(options.now ? { eventAt: options.now } : {}),
      },
    ],
    options,
  );
  if (!result) throw new Error('Ledger bug: no result for a fee transfer');
  if (!result.ok) {
    // The balance read above can be overtaken by a concurrent debit; the fee then stays owed.
    if (result.code === 'exceeds_credits') return false;
    throw new Error(`The ledger refused fee ${transferId}: ${result.code}`);
  }
  const chargedAt = result.transfer.createdAt;
  await recordFeeCharged(tx, {
    id: fee.id,
    transferId,
    chargedAt,
    details: {
      client_id: clientId,
      transfer_id: transferId,
      amount_minor: fee.amount_minor,
      currency: fee.currency,
    },
  });
  // The notification names the fee as its statement line does (core's one vocabulary).
  const label = lineLabel(`${fee.kind}_fee`);
  await notifyClient(tx, {
    clientId,
    kind: 'fee_charged',
    title: label,
    body: `The ${label.toLowerCase()} of ${formatMoney(fee.amount_minor, fee.currency)} was charged.`,
    params: { fee: fee.kind, amount: fee.amount_minor, currency: fee.currency, account_id: account.id },
    createdAt: chargedAt,
  });
  return true;
}
