import { createHash } from 'node:crypto';
import { idempotencyKeySchema } from '@bluepeak/core';
import type { Database, Queryable } from '../db/database';
import { withTransaction } from '../db/transaction';
import { AppError } from './app-error';

// Stripe-style idempotency keys (docs/reliability.md, T2), for POSTs that must not run twice. The key
// is scoped to the caller; the first answer is stored in the same transaction as the work and
// replayed for a retry (with `Idempotent-Replayed: true`); the same key with a different
// request is a 422. A concurrent call with the same key waits on the key's row and then replays
// the answer, so the work runs exactly once. A request that fails stores nothing, so a
// corrected retry with the same key runs. Written for account opening; nothing in it is
// specific to accounts, so payments, recipients, tickets and confirmations reuse it
// (docs/idempotency.md).

export type IdempotentAnswer<T> = { status: number; body: T; replayed: boolean };

export function parseIdempotencyKey(header: unknown): string {
  if (header === undefined) {
    throw new AppError('idempotency_key_missing', 'This request needs an Idempotency-Key header', {
      errors: [
        { field: 'headers.idempotency-key', code: 'required', message: 'Idempotency-Key is required' },
      ],
    });
  }
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) {
    throw new AppError('idempotency_key_invalid', 'The Idempotency-Key header is not valid', {
      errors: [
        {
          field: 'headers.idempotency-key',
          code: 'invalid',
          message: 'Idempotency-Key must be 1-255 printable characters',
        },
      ],
    });
  }
  return parsed.data;
}

/** The key where the call takes one but does not need it: absent is fine, malformed is not. */
export function parseOptionalIdempotencyKey(header: unknown): string | undefined {
  return header === undefined ? undefined : parseIdempotencyKey(header);
}

export function requestHashOf(request: unknown): Buffer {
  return createHash('sha256').update(JSON.stringify(request)).digest();
}
const hashOf = requestHashOf;

type StoredAnswer<T> = { requestHash: Buffer; status: number; body: T };

/** Keeps a finished call's answer under (scope, key); a key already there keeps its answer. */
export async function storeAnswer(
  tx: Queryable,
  at: { scope: string; key: string; requestHash: Buffer },
  answer: { status: number; body: unknown },
): Promise<void> {
  await tx.query(
    `INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body)
     VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT DO NOTHING`,
    [at.scope, at.key, at.requestHash, answer.status, JSON.stringify(answer.body)],
  );
}

export async function findStoredAnswer<T>(
  db: Queryable,
  scope: string,
  key: string,
): Promise<StoredAnswer<T> | undefined> {
  const stored = await storedKeyRow<T>(db, scope, key);
  if (!stored || stored.response_status === 0) return undefined;
  return {
    requestHash: Buffer.from(stored.request_hash),
    status: stored.response_status,
    body: stored.response_body,
  };
}

export const idempotencyKeyReused = () =>
  new AppError('idempotency_key_reused', 'This Idempotency-Key was used for another request', {
    detail: 'This Idempotency-Key was already used with a different request. Use a new key.',
  });

/** `runIdempotent` when the caller sent a key; one plain transaction when it did not. */
export async function runMaybeIdempotent<T, S extends number>(
  db: Database,
  input: { scope: string; key: string | undefined; request: unknown },
  work: (tx: Queryable) => Promise<{ status: S; body: T }>,
): Promise<IdempotentAnswer<T> & { status: S }> {
  const { key } = input;
  if (key === undefined) return { ...(await withTransaction(db, work)), replayed: false };
  // A replay carries the status the work answered with, which is always S.
  return (await runIdempotent(db, { ...input, key }, work)) as IdempotentAnswer<T> & { status: S };
}

export async function runIdempotent<T>(
  db: Database,
  input: { scope: string; key: string; request: unknown },
  work: (tx: Queryable) => Promise<{ status: number; body: T }>,
): Promise<IdempotentAnswer<T>> {
  const requestHash = hashOf(input.request);
  return withTransaction(db, async (tx) => {
    // Claim the key first: a concurrent holder of the same key makes this wait until it
    // commits (then the key exists and is replayed) or rolls back (then this one runs).
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body)
       VALUES ($1, $2, $3, 0, 'null'::jsonb) ON CONFLICT DO NOTHING RETURNING key`,
      [input.scope, input.key, requestHash],
    );
    if (claimed.length === 0) return replay<T>(tx, input.scope, input.key, requestHash);
    const answer = await work(tx);
    await tx.query(
      `UPDATE idempotency_keys SET response_status = $3, response_body = $4::jsonb WHERE scope = $1 AND key = $2`,
      [input.scope, input.key, answer.status, JSON.stringify(answer.body)],
    );
    return { ...answer, replayed: false };
  });
}

async function replay<T>(
  tx: Queryable,
  scope: string,
  key: string,
  requestHash: Buffer,
): Promise<IdempotentAnswer<T>> {
  const stored = await storedKeyRow<T>(tx, scope, key);
  if (!stored) throw new Error('idempotency key vanished after a conflict');
  if (!Buffer.from(stored.request_hash).equals(requestHash)) throw idempotencyKeyReused();
  return { status: stored.response_status, body: stored.response_body, replayed: true };
}

type StoredKeyRow<T> = { request_hash: Buffer | Uint8Array; response_status: number; response_body: T };

async function storedKeyRow<T>(
  db: Queryable,
  scope: string,
  key: string,
): Promise<StoredKeyRow<T> | undefined> {
  const [stored] = await db.query<StoredKeyRow<T>>(
    'SELECT request_hash, response_status, response_body FROM idempotency_keys WHERE scope = $1 AND key = $2',
    [scope, key],
  );
  return stored;
}
