import { brand } from '@bluepeak/core';
import { isFeeLine, lineCodeOf, lineLabel } from '@bluepeak/core/accounts';
import type { LaggingReader } from '../../db/database';
import { incomingPayerNames } from '../accounts';
import { exchangePairs } from '../exchange';
import type { LedgerEntry } from '../ledger';
import { paymentStatementDetails } from '../payments';

// What each statement line says besides its amount (docs/requirements/statements.md, "Lines"):
// its kind in core's one vocabulary (the label every screen and file uses), the counterparty and
// the reference. The counterparty is who paid (an incoming payment's payer, the sending client
// of an internal payment), who was paid (a payment's payee, the other client of an internal
// payment), the currencies of an exchange, or the institution for a fee.

export type LineDetails = {
  /** The line's code as core labels it (an old payment fee's code corrected). */
  code: string;
  isFee: boolean;
  description: string;
  counterparty: string;
  reference: string;
};

const idsOf = (entries: readonly LedgerEntry[], type: string) =>
  entries.filter((entry) => entry.referenceType === type).map((entry) => entry.referenceId);

/** Reads what a page of lines refers to, one read per kind of reference, and describes each line. */
export async function readLineDetails(
  db: LaggingReader,
  entries: readonly LedgerEntry[],
): Promise<(entry: LedgerEntry) => LineDetails> {
  const payments = await paymentStatementDetails(db, idsOf(entries, 'payment'));
  const payers = await incomingPayerNames(db, idsOf(entries, 'incoming_payment'));
  const pairs = await exchangePairs(db, idsOf(entries, 'exchange'));
  return (entry) => {
    const code = lineCodeOf({ id: entry.transferId, code: entry.code });
    const isFee = isFeeLine(code);
    const label = lineLabel(code);
    const payment = entry.referenceType === 'payment' ? payments.get(entry.referenceId) : undefined;
    const pair = entry.referenceType === 'exchange' ? pairs.get(entry.referenceId) : undefined;
    let counterparty = '';
    if (isFee) counterparty = brand.trading_name;
    else if (payment) counterparty = entry.side === 'credit' ? payment.payer : payment.payee;
    else if (pair) counterparty = `${pair.sell}/${pair.buy}`;
    else if (entry.referenceType === 'incoming_payment') counterparty = payers.get(entry.referenceId) ?? '';
    return {
      code,
      isFee,
      description: payment?.description && !isFee ? `${label}: ${payment.description}` : label,
      counterparty,
      reference: payment?.reference ?? entry.referenceId,
    };
  };
}
