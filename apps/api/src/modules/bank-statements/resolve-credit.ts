import { countryByCode } from '@bluepeak/core';
import type { AssignBankCreditInput, BankCredit } from '@bluepeak/core/backoffice';
import type { Queryable } from '../../db/database';
import { operatorActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { findAccountForIncomingCredit, type IncomingCreditTarget } from '../accounts';
import { claimSingleOperatorCredit, type OperatorActor } from '../adjustments';
import { writeAuditEntry } from '../audit';
import {
  type BankCreditRow,
  creditDecided,
  loadBankCredit,
  setCreditApproved,
  setCreditAssigned,
  setCreditAssignmentRejected,
  setCreditReturned,
  toBankCredit,
} from './bank-credit-rows';
import { findAccountIban } from './iban-rows';
import { bookBankCredit } from './import-statement';

// The unmatched queue: a payments operator gives a credit to a client account (booked at once
// while the operator's and the account's rolling totals stay within the approval threshold,
// counted with credits typed by hand; past it a different operator must approve), or marks it to be
// sent back to the payer. Every step is in the audit log; the money only ever enters the
// ledger through the incoming-credit service.
type Options = { thresholdMinor: number; now: Date };

async function audit(
  tx: Queryable,
  actor: OperatorActor,
  action: string,
  row: BankCreditRow,
  details: Record<string, unknown>,
) {
  await writeAuditEntry(tx, {
    ...operatorActor(actor),
    action,
    objectType: 'bank_credit',
    objectId: row.id,
    details: {
      bank_reference: row.bank_reference,
      amount_minor: row.amount_minor,
      currency: row.currency,
      ...details,
    },
  });
}

const countryOf = (row: BankCreditRow) => {
  const code = (row.debtor_iban ?? row.creditor_iban ?? '').slice(0, 2);
  return countryByCode(code) ? code : 'GB';
};

async function book(tx: Queryable, row: BankCreditRow, target: IncomingCreditTarget) {
  return bookBankCredit(
    tx,
    {
      id: row.id,
      amountMinor: row.amount_minor,
      currency: row.currency,
      debtorName: row.debtor_name,
      remittance: row.remittance,
    },
    target,
    countryOf(row),
  );
}

async function targetFor(tx: Queryable, iban: string, currency: string): Promise<IncomingCreditTarget> {
  const target = await findAccountForIncomingCredit(tx, { iban, currency });
  if (!target)
    throw new AppError('account_not_found', 'No open client account has this IBAN in this currency', {
      detail: `No open client account has this IBAN in ${currency}.`,
    });
  return target;
}

export async function assignBankCredit(
  tx: Queryable,
  id: string,
  input: AssignBankCreditInput,
  actor: OperatorActor,
  options: Options,
): Promise<BankCredit> {
  const row = await loadBankCredit(tx, id, true);
  if (row.status !== 'unmatched') throw creditDecided();
  const target = await targetFor(tx, input.iban, row.currency);
  const verdict = await claimSingleOperatorCredit(
    tx,
    {
      kind: 'bank_credit',
      reference: row.id,
      operatorId: actor.operatorId,
      clientAccountId: target.accountId,
      amountMinor: row.amount_minor,
      currency: row.currency,
    },
    options,
  );
  const second = !verdict.alone;
  const transferId = second ? null : await book(tx, row, target);
  await setCreditAssigned(tx, id, {
    status: second ? 'awaiting_approval' : 'resolved',
    accountId: target.accountId,
    transferId,
    operatorId: actor.operatorId,
    now: options.now,
    note: input.note ?? null,
    decidedAt: second ? null : options.now,
  });
  await audit(tx, actor, 'operator.bank_credit_assigned', row, {
    account_id: target.accountId,
    client_id: target.clientId,
    needs_approval: second,
    ...(verdict.alone ? { counted_eur_minor: verdict.eurMinor } : { four_eyes: verdict.fourEyes }),
    transfer_id: transferId,
    note: input.note ?? null,
  });
  return toBankCredit(await loadBankCredit(tx, id), options.thresholdMinor);
}

export async function decideBankCreditAssignment(
  tx: Queryable,
  id: string,
  decision: { approve: boolean; reason: string | undefined },
  actor: OperatorActor,
  options: Options,
): Promise<BankCredit> {
  const row = await loadBankCredit(tx, id, true);
  if (row.status !== 'awaiting_approval' || !row.client_account_id) throw creditDecided();
  if (decision.approve && row.assigner_id === actor.operatorId)
    throw new AppError('four_eyes_required', 'A different operator must approve your assignment');
  if (!decision.approve && !decision.reason)
    throw new AppError('reason_required', 'A reason is required', { detail: 'Say why it is rejected.' });
  if (decision.approve) {
    const account = await findAccountIban(tx, row.client_account_id);
    const transferId = await book(tx, row, await targetFor(tx, account?.iban ?? '', row.currency));
    await setCreditApproved(tx, id, transferId, actor.operatorId, options.now);
    await audit(tx, actor, 'operator.bank_credit_approved', row, {
      transfer_id: transferId,
      assigned_by: row.assigned_by,
      reason: decision.reason ?? null,
    });
  } else {
    await setCreditAssignmentRejected(tx, id, decision.reason);
    await audit(tx, actor, 'operator.bank_credit_assignment_rejected', row, {
      assigned_by: row.assigned_by,
      reason: decision.reason,
    });
  }
  return toBankCredit(await loadBankCredit(tx, id), options.thresholdMinor);
}

export async function returnBankCredit(
  tx: Queryable,
  id: string,
  reason: string,
  actor: OperatorActor,
  options: Options,
): Promise<BankCredit> {
  const row = await loadBankCredit(tx, id, true);
  if (row.status !== 'unmatched' && row.status !== 'awaiting_approval') throw creditDecided();
  await setCreditReturned(tx, id, actor.operatorId, options.now, reason);
  await audit(tx, actor, 'operator.bank_credit_returned', row, { reason });
  return toBankCredit(await loadBankCredit(tx, id), options.thresholdMinor);
}
