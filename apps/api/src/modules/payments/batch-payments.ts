import { createHash } from 'node:crypto';
import { railFor } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { systemAccountId, type TransferInput, transferOrRefuse } from '../ledger';
import { canonicalJson } from '../sca';
import { insertBatchPaymentRows, type PriceColumns } from './payment-insert-rows';
import { FROZEN_ACCOUNT } from './payment-ledger';
import type { PaymentRow } from './payment-rows';
import type { PaymentActor } from './payment-status';

// The payments of a confirmed batch (docs/requirements/batch-payments.md): written in one
// statement straight as `processing` (the batch's one code authorised them all), with their
// history rows, and held in ONE ledger call: each payment's hold and fee hold are a linked pair
// with the same ids a single payment uses, so the rails settle, reject or return each payment
// on its own (payment-ledger.ts resolvePaymentHolds) and a rejection releases only its pair.

export type BatchPaymentInput = {
  type: 'sepa' | 'faster_pay' | 'international';
  amount: number;
  currency: string;
  debitAmount: number;
  fee: number;
  rate: string | null;
  marketRate: string | null;
  payee: Record<string, string>;
  description: string;
};

/** A priced payment's money as the columns a payment and a batch row both store it under. */
export function priceColumns(row: {
  amount: number | null;
  currency: string | null;
  debitAmount: number | null;
  fee: number | null;
  rate: string | null;
  marketRate: string | null;
}): PriceColumns {
  return {
    amount_minor: row.amount,
    currency: row.currency,
    debit_amount_minor: row.debitAmount,
    fee_minor: row.fee,
    rate: row.rate,
    market_rate: row.marketRate,
  };
}

export async function insertBatchPayments(
  tx: Queryable,
  input: {
    clientId: string;
    account: { id: string; currency: string; ledger_account_id: string };
    rows: BatchPaymentInput[];
    challengeId: string;
    actor: PaymentActor;
  },
): Promise<PaymentRow[]> {
  const records = input.rows.map((row, ordinal) => ({
    ordinal,
    type: row.type,
    rail: railFor(row.type),
    ...priceColumns(row),
    payee: row.payee,
    payee_hash: createHash('sha256').update(canonicalJson(row.payee)).digest('hex'),
    description: row.description,
  }));
  const actorType = input.actor.actorType === 'anonymous' ? 'system' : input.actor.actorType;
  return insertBatchPaymentRows(tx, {
    records,
    clientId: input.clientId,
    account: input.account,
    challengeId: input.challengeId,
    actorType,
    actorId: input.actor.actorId ?? null,
  });
}

/** Every payment's hold and fee hold in one ledger call; any refusal rolls the whole batch back. */
export async function placeBatchHolds(tx: Queryable, payments: PaymentRow[]): Promise<void> {
  const transfers: TransferInput[] = [];
  for (const payment of payments) {
    const reference = { referenceType: 'payment', referenceId: payment.id };
    transfers.push({
      kind: 'pending',
      id: `payment:${payment.id}:hold`,
      debitAccountId: payment.ledger_account_id,
      creditAccountId: systemAccountId(payment.debit_currency, 'rail_settlement', payment.rail),
      amountMinor: payment.debit_amount_minor,
      currency: payment.debit_currency,
      code: `${payment.rail}_payment`,
      ...reference,
      linked: payment.fee_minor > 0,
    });
    if (payment.fee_minor > 0)
      transfers.push({
        kind: 'pending',
        id: `payment:${payment.id}:fee`,
        debitAccountId: payment.ledger_account_id,
        creditAccountId: systemAccountId(payment.debit_currency, 'fee_income'),
        amountMinor: payment.fee_minor,
        currency: payment.debit_currency,
        code: 'payment_fee',
        ...reference,
      });
  }
  const lacking = 'Not enough money in the account for the batch and its fees';
  await transferOrRefuse(
    tx,
    transfers,
    { exceedsCredits: { message: lacking, detail: lacking }, accountFrozen: FROZEN_ACCOUNT },
    'ledger refused batch holds',
  );
}
