import type { Database, Queryable, TransactionOptions } from './database';

// PostgreSQL asks the client to retry a transaction that lost a serialization conflict
// (40001) or was chosen as a deadlock victim (40P01). Retrying here, in one place, keeps the
// rule out of every service. The bound keeps a pathological hot spot from looping forever.
const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const DEFAULT_MAX_ATTEMPTS = 5;

export function isRetryableError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    RETRYABLE_SQLSTATES.has(error.code)
  );
}

export type TransactionStats = { retries: number };

/** Counts retries process-wide so benchmarks and tests can report them. */
export const transactionStats: TransactionStats = { retries: 0 };

export async function withTransaction<T>(
  db: Database,
  work: (tx: Queryable) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const isolation = options.isolation ?? 'read committed';
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.runInTransaction(work, isolation);
    } catch (error) {
      if (!isRetryableError(error) || attempt >= maxAttempts) throw error;
      transactionStats.retries++;
      await sleep(backoffMs(attempt));
    }
  }
}

// Jittered exponential backoff, so two conflicting transactions do not collide again in step.
function backoffMs(attempt: number): number {
  return Math.random() * Math.min(50, 2 ** attempt);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
