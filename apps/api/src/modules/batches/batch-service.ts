import type { Batch, BatchRow, BatchRowInput } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { findClientAccount } from '../accounts';
import { writeAuditEntry } from '../audit';
import { assertApproved, type ClientRow } from '../clients';
import { getAccount } from '../ledger';
import { type PaymentActor, recentPaymentKeys } from '../payments';
import type { RawRow } from './batch-files';
import {
  type BatchRecord,
  batchFigures,
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
  markDuplicates(checked, await recentPaymentKeys(tx, input.client.id));
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

async function draftBatchAndRow(tx: Queryable, clientId: string, batchId: string, rowId: string) {
  const batch = await findClientBatch(tx, clientId, batchId, true);
  if (!batch) throw notFound('Batch');
  if (batch.status !== 'draft') throw notDraft();
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
    balance_available: ledger?.availableMinor ?? 0,
    status_reason: batch.status_reason,
    created_at: batch.created_at.toISOString(),
    confirmed_at: batch.confirmed_at?.toISOString() ?? null,
  };
}

export function toBatchRow(row: StoredRow): BatchRow {
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
    payment_id: row.payment_id,
    status_reason: row.payment_reason,
  };
}
