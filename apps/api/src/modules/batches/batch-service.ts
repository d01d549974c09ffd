import type { Batch, BatchDuplicate, BatchRow, BatchRowInput } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { findClientAccount } from '../accounts';
import { writeAuditEntry } from '../audit';
import { assertApproved, type ClientRow } from '../clients';
import { getAccount } from '../ledger';
import type { PaymentActor } from '../payments';
import type { RawRow } from './batch-files';
import { batchFigures } from './batch-list-rows';
import { duplicateRowCount, duplicatesOfRows, removeInvalidRows } from './batch-review-rows';
import {
  type BatchRecord,
  findClientBatch,
  findRow,
  insertBatch,
  insertRows,
  removeRow,
  type StoredRow,
  totalsWithoutRow,
  updateRow,
} from './batch-rows';
import { checkRow, markDuplicates, type RowFields } from './check-rows';
import { priceRows } from './price-rows';

// Uploading, fixing and reviewing a batch before its code (docs/requirements/batch-payments.md).
export type BatchSource = {
  format: BatchRecord['source_format'];
  fileName: string | null;
  messageId: string | null;
  raw?: RawRow[];
  typed?: BatchRowInput[];
};

const notDraft = () =>
  new AppError('batch_not_draft', 'This batch has been confirmed and can no longer change');

function typedFields(row: BatchRowInput): RowFields {
  const { amount: _amount, ...rest } = row;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== ''));
}

export async function createBatch(
  tx: Queryable,
  input: { client: ClientRow; accountId: string; source: BatchSource; actor: PaymentActor },
): Promise<BatchRecord> {
  assertApproved(input.client);
  const account = await findClientAccount(tx, input.client.id, input.accountId);
  if (!account) throw notFound('Account');
  const { source } = input;
  const checked = source.typed
    ? source.typed.map((row, at) => checkRow(at + 1, typedFields(row), row.amount))
    : (source.raw ?? []).map((row) => checkRow(row.row, row.fields));
  markDuplicates(checked);
  const priced = await priceRows(tx, checked, account.currency);
  const batch = await insertBatch(tx, {
    clientId: input.client.id,
    accountId: account.id,
    format: source.format,
    fileName: source.fileName,
    messageId: source.messageId,
  });
  await insertRows(tx, batch.id, priced);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'batch.uploaded',
    objectType: 'payment_batch',
    objectId: batch.id,
    details: { rows: priced.length, format: source.format },
  });
  return batch;
}

async function draftBatch(tx: Queryable, clientId: string, batchId: string) {
  const batch = await findClientBatch(tx, clientId, batchId, true);
  if (!batch) throw notFound('Batch');
  if (batch.status !== 'draft') throw notDraft();
  return batch;
}

async function draftBatchAndRow(tx: Queryable, clientId: string, batchId: string, rowId: string) {
  const batch = await draftBatch(tx, clientId, batchId);
  const row = await findRow(tx, batchId, rowId);
  if (!row) throw notFound('Row');
  return { batch, row };
}

/** A row fixed in place: checked and priced again (the batch's code, bound to its rows, no longer fits). */
export async function changeBatchRow(
  tx: Queryable,
  input: {
    clientId: string;
    batchId: string;
    rowId: string;
    change: Partial<BatchRowInput>;
    actor: PaymentActor;
  },
): Promise<StoredRow> {
  const { batch, row } = await draftBatchAndRow(tx, input.clientId, input.batchId, input.rowId);
  const { amount, ...changed } = input.change;
  const fields: RowFields = { ...row.fields };
  for (const [key, value] of Object.entries(changed)) {
    if (value === undefined || value === '') delete fields[key as keyof RowFields];
    else fields[key as keyof RowFields] = value;
  }
  // A typed amount is minor units; the file's text amount is dropped for it.
  if (amount !== undefined) delete fields.amount;
  const minor = amount ?? (fields.amount === undefined ? (row.amount_minor ?? undefined) : undefined);
  const account = await findClientAccount(tx, input.clientId, batch.account_id);
  if (!account) throw notFound('Account');
  const others = await totalsWithoutRow(tx, batch.id, row.id);
  const totals = {
    rows: new Map(others.map((total) => [total.currency, BigInt(total.amount)])),
    debits: BigInt(others[0]?.debits ?? 0),
  };
  const checked = checkRow(row.row_number, fields, minor);
  const [priced] = await priceRows(tx, [checked], account.currency, totals);
  if (!priced) throw new Error('pricing returned no row');
  await updateRow(tx, row.id, priced);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'batch.row_changed',
    objectType: 'payment_batch',
    objectId: batch.id,
    details: { row: row.row_number },
  });
  const updated = await findRow(tx, batch.id, row.id);
  if (!updated) throw notFound('Row');
  return updated;
}

export async function deleteBatchRow(
  tx: Queryable,
  input: { clientId: string; batchId: string; rowId: string; actor: PaymentActor },
): Promise<void> {
  const { batch, row } = await draftBatchAndRow(tx, input.clientId, input.batchId, input.rowId);
  await removeRow(tx, row.id);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'batch.row_removed',
    objectType: 'payment_batch',
    objectId: batch.id,
    details: { row: row.row_number },
  });
}

/** Every row with a problem removed in one go, as deleteBatchRow removes one; the rows removed. */
export async function removeInvalidBatchRows(
  tx: Queryable,
  input: { clientId: string; batchId: string; actor: PaymentActor },
): Promise<number[]> {
  const batch = await draftBatch(tx, input.clientId, input.batchId);
  const removed = await removeInvalidRows(tx, batch.id);
  if (removed.length > 0)
    await writeAuditEntry(tx, {
      ...input.actor,
      action: 'batch.rows_removed',
      objectType: 'payment_batch',
      objectId: batch.id,
      details: { rows: removed.length, first_rows: removed.slice(0, 20) },
    });
  return removed;
}

export async function toBatch(db: Queryable, batch: BatchRecord): Promise<Batch> {
  const { status, ...figures } = await batchFigures(db, batch.id);
  const account = await findClientAccount(db, batch.client_id, batch.account_id);
  const ledger = account ? await getAccount(db, account.ledger_account_id) : undefined;
  return {
    id: batch.id,
    status,
    account_id: batch.account_id,
    account_currency: account?.currency ?? '',
    source_format: batch.source_format,
    file_name: batch.file_name,
    ...figures,
    rows_duplicate: batch.status === 'draft' ? (await duplicateRowCount(db, batch)).count : 0,
    balance_available: ledger?.availableMinor ?? 0,
    status_reason: batch.status_reason,
    created_at: batch.created_at.toISOString(),
    confirmed_at: batch.confirmed_at?.toISOString() ?? null,
  };
}

/** A page of rows as answered; a draft's rows carry the recent payment each looks like, if any. */
export async function toBatchRows(
  db: Queryable,
  batch: Pick<BatchRecord, 'id' | 'client_id' | 'status'>,
  rows: StoredRow[],
): Promise<BatchRow[]> {
  const duplicates =
    batch.status === 'draft'
      ? await duplicatesOfRows(
          db,
          batch,
          rows.map((row) => row.id),
        )
      : new Map<string, BatchDuplicate>();
  return rows.map((row) => toBatchRow(row, duplicates.get(row.id) ?? null));
}

function toBatchRow(row: StoredRow, duplicate: BatchDuplicate | null): BatchRow {
  const status = row.payment_status ?? (row.errors.length > 0 ? 'invalid' : 'valid');
  return {
    id: row.id,
    row: row.row_number,
    status,
    type: row.type,
    name: row.fields.name ?? '',
    fields: row.fields as Record<string, string>,
    amount: row.amount_minor,
    currency: row.currency,
    debit_amount: row.debit_amount_minor,
    fee: row.fee_minor,
    rate: row.rate,
    errors: row.errors,
    duplicate_of: duplicate,
    payment_id: row.payment_id,
    status_reason: row.payment_reason,
  };
}
