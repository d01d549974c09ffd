import type { FieldError } from '@bluepeak/core';

// Expected failures a route reports on purpose (not found, conflict, business rule). The
// error handler turns them into the problem+json shape; anything else is a bug and a 500.
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { detail?: string; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
