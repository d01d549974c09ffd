import { AppError } from '../lib/app-error';

// The one place that decides whether a database error means "the database cannot be reached
// right now" (restarting, shutting down, connection cut, full, unreachable) rather than "this
// statement is wrong". Those leave as 503 with Retry-After, never as a 500, and the pool
// opens fresh connections once the server is back, so the process recovers by itself.

export const DATABASE_RETRY_AFTER_SECONDS = 5;

// SQLSTATEs: class 08 connection exception; 57P01 admin_shutdown (pg_terminate_backend, fast
// shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now ("the database system is starting
// up / shutting down"), 57P05 idle_session_timeout; 53300 too_many_connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);

// Socket errors from Node's net module while connecting or mid-query.
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// Errors pg and PGlite raise without a code when the connection is gone or the pool times out.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /^PGlite is clos(ed|ing)$/,
  /^Cannot use a pool after calling end on the pool$/,
];

export class DatabaseUnavailableError extends AppError {
  constructor(override readonly cause: unknown) {
    super('database_unavailable', 'The service is briefly unavailable. Please try again shortly.', {
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    });
    this.name = 'DatabaseUnavailableError';
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
  }
  // AggregateError from a connect that tried several addresses (IPv4 and IPv6).
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}

/** Rethrows `error`, as a DatabaseUnavailableError when it means the database is unreachable. */
export function translateDatabaseError(error: unknown): never {
  if (isDatabaseUnavailable(error) && !(error instanceof DatabaseUnavailableError)) {
    throw new DatabaseUnavailableError(error);
  }
  throw error;
}
