import { createHash } from 'node:crypto';
import { formatMoney } from '@bluepeak/core';
import type { Database, Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { findClientAccount } from '../accounts';
import { writeAuditEntry } from '../audit';
import type { ClientRow } from '../clients';
import { getAccount } from '../ledger';
import {
  type BatchPaymentInput,
  cancelPayment,
  insertBatchPayments,
  type PaymentActor,
  placeBatchHolds,
} from '../payments';
import { queueRailSubmissions } from '../rails';
import {
  bindingHash,
  type CodeConfirmation,
  type ConfirmOutcome,
  canonicalJson,
  confirmByCode,
  issueScaChallenge,
  type ScaChallenge,
} from '../sca';
import { duplicateRowCount } from './batch-review-rows';
import {
  allRows,
  type BatchRecord,
  findClientBatch,
  type StoredRow,
  setBatchStatus,
  setDraftBatchChallenge,
  setRowPayments,
} from './batch-rows';

// One code for the whole batch (docs/requirements/batch-payments.md "Confirm"): bound to the
// number of rows, the total per currency and a hash of every row, so changing, adding or
// removing a row makes the code useless. Confirming writes every row's payment, holds them and
// queues each on its rail, in one transaction, a chunk of rows at a time (decision 0034).

/** Rows written and held per step of a confirmation: at most 2,000 transfers per ledger call. */
export const CONFIRM_CHUNK_ROWS = 1_000;

const notDraft = () =>
  new AppError('batch_not_draft', 'This batch has been confirmed and can no longer change');

type Totals = Record<string, number>;

function bindingOf(batch: BatchRecord, rows: StoredRow[]): { binding: string; totals: Totals } {
  const totals: Totals = {};
  for (const row of rows) {
    const currency = row.currency ?? '';
    totals[currency] = (totals[currency] ?? 0) + (row.amount_minor ?? 0);
  }
  const hash = createHash('sha256');
  for (const row of rows)
    hash.update(
      canonicalJson({
        id: row.id,
        payee: row.payee,
        amount: row.amount_minor,
        currency: row.currency,
        debit: row.debit_amount_minor,
        fee: row.fee_minor,
        description: row.description,
      }),
    );
  const binding = bindingHash({
    batch_id: batch.id,
    rows: rows.length,
    totals,
    rows_hash: hash.digest('hex'),
  });
  return { binding, totals };
}

async function readyRows(db: Queryable, batch: BatchRecord): Promise<StoredRow[]> {
  const rows = await allRows(db, batch.id);
  if (rows.length === 0)
    throw new AppError('batch_empty', 'This batch has no rows left to pay', {
      detail: 'This batch has no rows left to pay',
    });
  const invalid = rows.filter((row) => row.errors.length > 0).length;
  if (invalid > 0)
    throw new AppError('batch_has_invalid_rows', `Fix or remove the ${invalid} rows with errors first`, {
      detail: `Fix or remove the ${invalid} rows with errors first`,
    });
  return rows;
}

/**
 * A row that looks like a payment of the last 30 days is paid only when the client says so
 * (`pay_duplicates`), having seen them on the review: paying someone the same again is often
 * meant, a file sent twice is not. Read now, so a copy of a batch paid since its upload counts.
 */
async function checkDuplicates(db: Queryable, batch: BatchRecord, payDuplicates: boolean): Promise<number> {
  const { count, first } = await duplicateRowCount(db, batch);
  if (count === 0 || payDuplicates) return count;
  const more = count > first.length ? ` and ${count - first.length} more` : '';
  const message =
    count === 1
      ? `Row ${first[0]} looks like a payment you made in the last 30 days: remove it, or confirm with pay_duplicates to pay it anyway`
      : `Rows ${first.join(', ')}${more} look like payments you made in the last 30 days: remove them, or confirm with pay_duplicates to pay them anyway`;
  throw new AppError('batch_has_possible_duplicates', message, { detail: message });
}

async function checkBalance(db: Queryable, batch: BatchRecord, rows: StoredRow[]) {
  const account = await findClientAccount(db, batch.client_id, batch.account_id);
  if (!account) throw notFound('Account');
  const ledger = await getAccount(db, account.ledger_account_id);
  const needed = rows.reduce((sum, row) => sum + (row.debit_amount_minor ?? 0) + (row.fee_minor ?? 0), 0);
  if (!ledger || ledger.availableMinor < needed)
    throw new AppError('insufficient_funds', 'Not enough money in the account for the batch and its fees', {
      detail: 'Not enough money in the account for the batch and its fees',
    });
  return account;
}

/** Sends the batch's code (a new one uses up the earlier); refused while a row has errors or money is short. */
export async function sendBatchCode(
  tx: Queryable,
  input: { client: ClientRow; batchId: string; now: Date },
): Promise<ScaChallenge> {
  const batch = await findClientBatch(tx, input.client.id, input.batchId, true);
  if (!batch) throw notFound('Batch');
  if (batch.status !== 'draft') throw notDraft();
  const rows = await readyRows(tx, batch);
  await checkBalance(tx, batch, rows);
  const { binding, totals } = bindingOf(batch, rows);
  const what = Object.entries(totals)
    .map(([currency, amount]) => formatMoney(amount, currency))
    .join(', ');
  const sca = await issueScaChallenge(
    tx,
    input.client,
    { kind: 'batch', objectId: batch.id, binding },
    `pay a batch of ${rows.length} payments (${what})`,
    input.now,
  );
  await setDraftBatchChallenge(tx, batch.id, sca.challenge_id);
  return sca;
}

export async function confirmBatchOnce<T>(
  db: Database,
  input: CodeConfirmation & {
    client: ClientRow;
    batchId: string;
    /** The client has seen the rows that look like recent payments and pays them anyway. */
    payDuplicates: boolean;
    actor: PaymentActor;
    answerOf: (tx: Queryable, batch: BatchRecord) => Promise<T>;
  },
): Promise<ConfirmOutcome<T>> {
  const { client, batchId, payDuplicates } = input;
  return confirmByCode(db, input, {
    action: 'batch-confirm',
    id: batchId,
    request: { id: batchId, code: input.code, pay_duplicates: payDuplicates },
    currentChallenge: async () => {
      const batch = await findClientBatch(db, client.id, batchId);
      return batch?.status === 'draft' ? undefined : batch?.challenge_id;
    },
    expect: async () => {
      const batch = await findClientBatch(db, client.id, batchId);
      if (!batch) throw notFound('Batch');
      if (batch.status !== 'draft') throw notDraft();
      // Only the rows' binding is kept from this first read: 10,000 rows are held once, in the
      // transaction below, not twice (docs/benchmarks.md, "Batch payments").
      const { binding } = bindingOf(batch, await readyRows(db, batch));
      if (!payDuplicates) await checkDuplicates(db, batch, false);
      return { challengeId: batch.challenge_id, subject: { kind: 'batch', objectId: batch.id, binding } };
    },
    lock: async (tx, binding) => {
      const batch = await findClientBatch(tx, client.id, batchId, true);
      if (batch?.status !== 'draft') throw notDraft();
      const rows = await readyRows(tx, batch);
      // A row changed between the check and the lock: the code was for the rows as they were.
      if (bindingOf(batch, rows).binding !== binding) throw notDraft();
      // Checked again under the lock: a payment booked since the code was judged counts too.
      const duplicates = await checkDuplicates(tx, batch, payDuplicates);
      return { batch, rows, duplicates };
    },
    act: async (tx, { batch, rows, duplicates }, verified) => {
      const account = await checkBalance(tx, batch, rows);
      // A chunk of rows at a time, all in this one transaction (decision 0034): a refusal in
      // any chunk still rolls back every payment and hold, and no chunk's arrays outlive it.
      for (let at = 0; at < rows.length; at += CONFIRM_CHUNK_ROWS) {
        const chunk = rows.slice(at, at + CONFIRM_CHUNK_ROWS);
        const payments = await insertBatchPayments(tx, {
          clientId: client.id,
          account,
          rows: chunk.map(paymentInput),
          challengeId: verified.challengeId,
          actor: input.actor,
        });
        await setRowPayments(
          tx,
          chunk.map((row, index) => ({ rowId: row.id, paymentId: (payments[index] as { id: string }).id })),
        );
        await queueRailSubmissions(tx, payments);
        await placeBatchHolds(tx, payments);
      }
      await setBatchStatus(tx, batch.id, 'processing', { confirmed: true });
      await writeAuditEntry(tx, {
        ...input.actor,
        action: 'batch.confirmed',
        objectType: 'payment_batch',
        objectId: batch.id,
        details: { rows: rows.length, duplicates_paid: duplicates },
      });
      return input.answerOf(tx, { ...batch, status: 'processing', confirmed_at: input.now() });
    },
  });
}

function paymentInput(row: StoredRow): BatchPaymentInput {
  if (!row.type || !row.payee || row.amount_minor === null || row.currency === null)
    throw new Error(`batch row ${row.id} is not ready`);
  return {
    type: row.type,
    amount: row.amount_minor,
    currency: row.currency,
    debitAmount: row.debit_amount_minor ?? 0,
    fee: row.fee_minor ?? 0,
    rate: row.rate,
    marketRate: row.market_rate,
    payee: row.payee,
    description: row.description,
  };
}

/** Cancels every row whose payment has not left yet; the rest go on. */
export async function cancelBatch(
  tx: Queryable,
  input: { clientId: string; batchId: string; actor: PaymentActor; reason?: string },
): Promise<{ batch: BatchRecord; cancelled: number }> {
  const batch = await findClientBatch(tx, input.clientId, input.batchId, true);
  if (!batch) throw notFound('Batch');
  if (batch.status === 'draft') {
    await setBatchStatus(tx, batch.id, 'cancelled', { reason: input.reason ?? 'Cancelled by the client' });
    return { batch: { ...batch, status: 'cancelled' }, cancelled: 0 };
  }
  if (batch.status !== 'processing' && batch.status !== 'on_hold')
    throw new AppError('batch_not_cancellable', 'This batch can no longer be cancelled');
  let cancelled = 0;
  for (const row of await allRows(tx, batch.id)) {
    if (!row.payment_id || row.payment_status !== 'processing') continue;
    try {
      await cancelPayment(tx, {
        clientId: input.clientId,
        paymentId: row.payment_id,
        actor: input.actor,
        reason: input.reason ?? 'The batch was cancelled',
      });
      cancelled++;
    } catch (error) {
      // A payment already with its rail keeps going; only the unsent ones stop.
      if (!(error instanceof AppError)) throw error;
    }
  }
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'batch.cancelled',
    objectType: 'payment_batch',
    objectId: batch.id,
    details: { cancelled },
  });
  return { batch, cancelled };
}
