import { createHash } from 'node:crypto';
import { BATCH_MAX_FILE_BYTES, type BatchRowInput } from '@bluepeak/core/payments';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { runIdempotent } from '../../lib/idempotency';
import type { ClientRow } from '../clients';
import type { PaymentActor } from '../payments';
import { fileRefused } from './batch-errors';
import { readCsv, readXlsx } from './batch-files';
import type { BatchRecord } from './batch-rows';
import { type BatchSource, createBatch } from './batch-service';
import { parseMultipart } from './multipart';
import { readPain001 } from './pain001-file';

// An upload: the file is read and refused whole before anything is written, then the batch and
// its rows are stored in one transaction under the Idempotency-Key (a retry gets the first answer).
export type UploadBody =
  | { account_id: string; rows: BatchRowInput[] }
  | { multipart: Buffer; contentType: string };

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function readFile(fileName: string, data: Buffer): Promise<BatchSource> {
  if (data.length > BATCH_MAX_FILE_BYTES)
    throw new AppError('batch_file_too_large', 'A batch file may be at most 10 MB', {
      detail: 'A batch file may be at most 10 MB',
    });
  if (data.length === 0) throw fileRefused('The file is empty');
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx') || data.subarray(0, 4).equals(XLSX_MAGIC))
    return { format: 'xlsx', fileName, messageId: null, raw: await readXlsx(data) };
  const head = data
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (lower.endsWith('.xml') || head.startsWith('<')) {
    const { rows, messageId } = await readPain001(data);
    return { format: 'pain.001', fileName, messageId, raw: rows };
  }
  return { format: 'csv', fileName, messageId: null, raw: await readCsv(data) };
}

async function sourceOf(
  body: UploadBody,
): Promise<{ accountId: string; source: BatchSource; request: unknown }> {
  if ('rows' in body)
    return {
      accountId: body.account_id,
      source: { format: 'json', fileName: null, messageId: null, typed: body.rows },
      request: body,
    };
  const parts = parseMultipart(body.multipart, body.contentType);
  const accountId = parts.fields.account_id ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(accountId))
    throw new AppError('validation_failed', 'account_id: Not a valid account id', {
      detail: 'account_id: Not a valid account id',
    });
  if (!parts.file)
    throw new AppError('validation_failed', 'file: Attach the payment file', {
      detail: 'file: Attach the payment file',
    });
  // The key is bound to the file's bytes and the account, not the multipart envelope.
  const request = { account_id: accountId, file: createHash('sha256').update(parts.file.data).digest('hex') };
  return { accountId, source: await readFile(parts.file.fileName, parts.file.data), request };
}

export async function uploadBatch<T>(
  db: Database,
  input: {
    client: ClientRow;
    key: string;
    body: UploadBody;
    actor: PaymentActor;
    answerOf: (tx: Queryable, batch: BatchRecord) => Promise<T>;
  },
) {
  const { accountId, source, request } = await sourceOf(input.body);
  return runIdempotent(
    db,
    { scope: `client:${input.client.id}:batches`, key: input.key, request },
    async (tx) => {
      const batch = await createBatch(tx, { client: input.client, accountId, source, actor: input.actor });
      return { status: 201 as const, body: await input.answerOf(tx, batch) };
    },
  );
}
