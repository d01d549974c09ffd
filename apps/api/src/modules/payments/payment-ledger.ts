import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import {
  createTransfersInTransaction,
  firstRefusal,
  systemAccountId,
  type TransferInput,
  transferOrRefuse,
} from '../ledger';
import type { PaymentRow } from './payment-rows';

// A payment in the ledger (docs/payments.md, docs/ledger.md worked example). Confirming an
// external payment places two linked holds on the client's account: the debit amount to the
// rail's settlement account and the fee to fee income, both in the account's currency (a
// conversion happens at the partner bank, which is paid from settlement). The rail's answer
// posts both holds (settled) or voids both (rejected, returned, cancelled). An internal payment
// moves the money at once: payer to payee, through the FX position when the currencies differ.

// The holds carry no timeout. Once a payment has left in a pain.001 file the partner bank may
// answer days later, and only its answer (or an operator's void or return) may release the money:
// an expiry would give the client back money the bank has paid out, and a late "settled" would
// then find the hold gone. Holds placed before this rule had ten days; the worker still turns
// their expiry into a rejected payment (rails/rail-worker.ts).

const holdId = (payment: PaymentRow) => `payment:${payment.id}:hold`;
const feeId = (payment: PaymentRow) => `payment:${payment.id}:fee`;
const reference = (payment: PaymentRow) => ({ referenceType: 'payment', referenceId: payment.id });
const railCode = (payment: PaymentRow) => `${payment.rail}_payment`;

/** The payment's fee, from the client's account to fee income: held until the rail answers, or moved at once. */
function feeTransfer(payment: PaymentRow, kind: 'pending' | 'posted'): TransferInput {
  return {
    kind,
    id: feeId(payment),
    debitAccountId: payment.ledger_account_id,
    creditAccountId: systemAccountId(payment.debit_currency, 'fee_income'),
    amountMinor: payment.fee_minor,
    currency: payment.debit_currency,
    code: 'payment_fee',
    ...reference(payment),
  };
}

/** A freeze (migration 0003) refuses every debit from the account. */
export const FROZEN_ACCOUNT = { message: 'This account is frozen; payments from it are not possible' };
export const accountFrozen = () => new AppError('account_frozen', FROZEN_ACCOUNT.message);

const lacking = 'Not enough money in the account for the amount and the fee';
const PAYMENT_REFUSALS = {
  exceedsCredits: { message: lacking, detail: lacking },
  accountFrozen: FROZEN_ACCOUNT,
};
const bookPayment = (tx: Queryable, transfers: TransferInput[]) =>
  transferOrRefuse(tx, transfers, PAYMENT_REFUSALS, 'ledger refused payment transfers');

export async function placePaymentHolds(tx: Queryable, payment: PaymentRow): Promise<void> {
  const transfers: TransferInput[] = [
    {
      kind: 'pending',
      id: holdId(payment),
      debitAccountId: payment.ledger_account_id,
      creditAccountId: systemAccountId(payment.debit_currency, 'rail_settlement', payment.rail),
      amountMinor: payment.debit_amount_minor,
      currency: payment.debit_currency,
      code: railCode(payment),
      ...reference(payment),
      linked: payment.fee_minor > 0,
    },
  ];
  if (payment.fee_minor > 0) {
    transfers.push(feeTransfer(payment, 'pending'));
  }
  await bookPayment(tx, transfers);
}

export type HoldResolution = 'post' | 'void';
export type ResolveOutcome = { ok: true } | { ok: false; code: string };

/** Posts or voids both holds together; an expired hold is reported, not thrown. */
export async function resolvePaymentHolds(
  tx: Queryable,
  payment: PaymentRow,
  resolution: HoldResolution,
): Promise<ResolveOutcome> {
  const kind = resolution === 'post' ? 'post_pending' : 'void_pending';
  const pendingIds = [holdId(payment), ...(payment.fee_minor > 0 ? [feeId(payment)] : [])];
  const transfers: TransferInput[] = pendingIds.map((pendingId, index) => ({
    kind,
    id: `${pendingId}:${resolution}`,
    pendingId,
    // The fee's line keeps the fee's name once posted: a statement never labels it like the payment.
    code:
      resolution === 'void'
        ? 'payment_void'
        : pendingId === feeId(payment)
          ? 'payment_fee'
          : railCode(payment),
    linked: index < pendingIds.length - 1,
  }));
  const results = await createTransfersInTransaction(tx, transfers);
  const failed = firstRefusal(results);
  if (!failed || failed.ok) return { ok: true };
  if (failed.code === 'pending_expired' || failed.code === 'pending_already_resolved')
    return { ok: false, code: failed.code };
  throw new Error(`ledger refused to ${resolution} payment ${payment.id}: ${failed.code}`);
}

/** An internal payment, posted at once: both balances change in this transaction. */
export async function postInternalPayment(
  tx: Queryable,
  payment: PaymentRow,
  payeeLedgerAccountId: string,
): Promise<void> {
  const transfers: TransferInput[] = [];
  const same = payment.currency === payment.debit_currency;
  if (same) {
    transfers.push({
      kind: 'posted',
      id: `payment:${payment.id}:internal`,
      debitAccountId: payment.ledger_account_id,
      creditAccountId: payeeLedgerAccountId,
      amountMinor: payment.amount_minor,
      currency: payment.currency,
      code: 'internal_payment',
      ...reference(payment),
    });
  } else {
    transfers.push(
      {
        kind: 'posted',
        id: `payment:${payment.id}:fx_sell`,
        debitAccountId: payment.ledger_account_id,
        creditAccountId: systemAccountId(payment.debit_currency, 'fx_position'),
        amountMinor: payment.debit_amount_minor,
        currency: payment.debit_currency,
        code: 'fx_leg',
        ...reference(payment),
        linked: true,
      },
      {
        kind: 'posted',
        id: `payment:${payment.id}:fx_buy`,
        debitAccountId: systemAccountId(payment.currency, 'fx_position'),
        creditAccountId: payeeLedgerAccountId,
        amountMinor: payment.amount_minor,
        currency: payment.currency,
        code: 'internal_payment',
        ...reference(payment),
      },
    );
  }
  if (payment.fee_minor > 0) {
    transfers[transfers.length - 1] = { ...transfers[transfers.length - 1], linked: true } as TransferInput;
    transfers.push(feeTransfer(payment, 'posted'));
  }
  await bookPayment(tx, transfers);
}
