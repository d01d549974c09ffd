import type { FieldError } from '@bluepeak/core';
import { type ErrorCode, errorStatus } from './error-statuses';

// Expected failures a service or route reports on purpose (not found, conflict, business rule),
// named by a code. The error handler turns them into the problem+json shape, with the status
// lib/error-statuses.ts gives the code; anything else is a bug and a 500.
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      detail?: string;
      errors?: FieldError[];
      headers?: Record<string, string | string[]>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The HTTP status of the code, read from the table, so no call site can pick another. */
  get status(): number {
    return errorStatus(this.code);
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
