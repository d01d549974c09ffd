import { brand, currencyExponent } from '@bluepeak/core';
import { composeUkIban } from '@bluepeak/core/accounts';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { createHook } from '../../lib/hooks';
import { writeAuditEntry } from '../audit';
import { clientDisplayName } from '../clients';
import { buildPain001, controlSum, type Pain001Transfer } from './pain001';
import { Pain002Error, parsePain002 } from './pain002';
import {
  findSentPain001,
  insertPain001File,
  insertPain002File,
  type PaymentFileRow,
} from './payment-file-rows';
import { findSubmittedFilePayment } from './rail-payment-rows';
import { claimFileCandidates, type FileCandidate, markFiledSubmissions } from './rail-submission-rows';
import { applyRailOutcome, type RailActor } from './settle-payment';

// The ISO 20022 channel (docs/payments.md "Files"): the operator gathers the queued SEPA or
// SWIFT payments into one pain.001 file, which marks them submitted in the same transaction
// (so a payment is in exactly one file), downloads it for the partner bank, and later uploads
// the bank's pain.002, which settles or rejects each payment by its end-to-end id.

const MAX_PAYMENTS_PER_FILE = 5_000;
/** Our account at the partner bank that outgoing payments are paid from. */
export const SETTLEMENT_ACCOUNT_NUMBER = '00000001';

function settlementDebtor() {
  const { bank } = brand;
  return {
    name: brand.legal_name,
    iban: composeUkIban({
      bankCode: bank.iban_bank_code,
      sortCode: bank.sort_code,
      accountNumber: SETTLEMENT_ACCOUNT_NUMBER,
    }),
    bic: bank.bic,
  };
}

/**
 * Payments written into a pain.001 file: payments records the file on each of them (registered in
 * module-hooks.ts), in the export's transaction.
 */
export const paymentsFiledHook = createHook<'pain.001', [paymentIds: string[], fileId: string]>(
  'rails.payments_filed',
);

function toTransfer(payment: FileCandidate): Pain001Transfer {
  const payee = payment.payee;
  const international = payment.rail === 'swift';
  const account = international ? payee.account_number : payee.iban;
  const isIban = account !== undefined && /^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(account);
  return {
    endToEndId: payment.end_to_end_id,
    amountMinor: payment.amount_minor,
    currency: payment.currency,
    exponent: currencyExponent(payment.currency),
    ultimateDebtorName: clientDisplayName({ ...payment, type: payment.client_type }),
    creditor: {
      name: payee.name ?? '',
      iban: isIban ? account : undefined,
      accountNumber: isIban ? undefined : account,
      bic: international ? payee.swift : payee.bic,
      addressLine: payee.address,
      country: international ? payee.country : (payee.iban ?? '').slice(0, 2) || undefined,
    },
    remittance: payment.description,
  };
}

export async function exportPaymentFile(
  tx: Queryable,
  input: { rail: 'sepa' | 'swift'; operatorId: string; actor: RailActor; now: Date },
): Promise<PaymentFileRow> {
  const payments = await claimFileCandidates(tx, input.rail, MAX_PAYMENTS_PER_FILE);
  if (payments.length === 0) throw new AppError('nothing_to_export', 'No payments are waiting for a file');
  const transfers = payments.map(toTransfer);
  const messageId =
    `BP${input.now.toISOString().replace(/\D/g, '').slice(0, 14)}${input.rail.toUpperCase()}${Math.floor(Math.random() * 1e6)}`.slice(
      0,
      35,
    );
  const xml = buildPain001({
    rail: input.rail,
    messageId,
    createdAt: input.now,
    executionDate: input.now.toISOString().slice(0, 10),
    debtor: settlementDebtor(),
    transfers,
  });
  const totals: Record<string, number> = {};
  for (const transfer of transfers)
    totals[transfer.currency] = (totals[transfer.currency] ?? 0) + transfer.amountMinor;
  const file = await insertPain001File(tx, {
    rail: input.rail,
    messageId,
    paymentCount: transfers.length,
    controlSum: controlSum(transfers),
    currencyTotals: totals,
    content: xml,
    createdBy: input.operatorId,
    createdAt: input.now,
  });
  if (!file) throw new Error('payment file insert returned no row');
  const ids = payments.map((payment) => payment.id);
  await markFiledSubmissions(tx, ids, input.now);
  await paymentsFiledHook.run('pain.001', tx, ids, file.id);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'payment_file.exported',
    objectType: 'payment_file',
    objectId: file.id,
    details: { rail: input.rail, message_id: messageId, payments: ids.length },
  });
  return file;
}

export type ImportResult = {
  message_id: string;
  settled: number;
  rejected: number;
  ignored: { end_to_end_id: string; reason: string }[];
};

export async function importStatusFile(
  tx: Queryable,
  input: { xml: string; operatorId: string; actor: RailActor },
): Promise<ImportResult> {
  let report: ReturnType<typeof parsePain002>;
  try {
    report = parsePain002(input.xml);
  } catch (error) {
    if (error instanceof Pain002Error)
      throw new AppError('status_file_invalid', error.message, { detail: error.message });
    throw error;
  }
  const original = await findSentPain001(tx, report.originalMessageId);
  if (!original)
    throw new AppError('status_file_unknown_message', 'The report answers no file we sent', {
      detail: `No pain.001 with MsgId ${report.originalMessageId}`,
    });
  const stored = await insertPain002File(tx, {
    rail: original.rail,
    messageId: report.messageId.slice(0, 35),
    paymentCount: report.transactions.length,
    content: input.xml,
    createdBy: input.operatorId,
  });
  if (!stored) throw new AppError('status_file_already_imported', 'This status report was imported already');
  const result: ImportResult = { message_id: report.messageId, settled: 0, rejected: 0, ignored: [] };
  for (const transaction of report.transactions) {
    const ignore = (reason: string) => result.ignored.push({ end_to_end_id: transaction.endToEndId, reason });
    if (transaction.status === 'pending') {
      ignore(`status ${transaction.code} is not final`);
      continue;
    }
    const payment = await findSubmittedFilePayment(tx, transaction.endToEndId, original.id);
    if (!payment) {
      ignore('no submitted payment of that file has this end-to-end id');
      continue;
    }
    const outcome = transaction.status === 'settled' ? 'settled' : 'rejected';
    const applied = await applyRailOutcome(tx, {
      paymentId: payment.id,
      outcome,
      reason:
        outcome === 'rejected'
          ? `Rejected by the bank${transaction.reason ? ` (${transaction.reason})` : ''}`
          : null,
      actor: input.actor,
    });
    if (!applied.applied) ignore(`the payment is ${applied.status ?? 'unknown'}`);
    else if (applied.status === 'completed') result.settled++;
    else result.rejected++;
  }
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'payment_file.status_imported',
    objectType: 'payment_file',
    objectId: stored.id,
    details: {
      original: original.id,
      settled: result.settled,
      rejected: result.rejected,
      ignored: result.ignored.length,
    },
  });
  return result;
}
