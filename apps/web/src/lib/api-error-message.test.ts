import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import auth from '../locales/en-GB/auth.json';
import { ApiError, apiRequest, NetworkError } from './api-client';
import { errorOutcome, problemMessage } from './api-error-message';
import { i18n } from './i18n';

const apiError = (status: number, body?: object, path = '/client/data') => new ApiError(status, body, path);

describe('the error catalogue', () => {
  it('signs out on 401 and 403 with the server message or a default', () => {
    expect(errorOutcome(apiError(401, { message: 'Session expired' }))).toEqual({
      message: 'Session expired',
      signOut: true,
    });
    expect(errorOutcome(apiError(403))).toEqual({ message: 'Authorization Error!', signOut: true });
  });

  it('does not sign out when the login check itself answers 401', () => {
    expect(errorOutcome(apiError(401, undefined, '/auth/login_check'))?.signOut).toBe(false);
  });

  it('does not sign out when the log-in itself refuses the credentials', () => {
    for (const path of ['/auth/login', '/auth/login/verify', '/auth/restore/abc']) {
      const outcome = errorOutcome(
        apiError(401, { message: 'The e-mail, password or code is not correct.' }, path),
      );
      expect(outcome).toEqual({ message: 'The e-mail, password or code is not correct.', signOut: false });
    }
    expect(errorOutcome(apiError(401, undefined, '/client/accounts'))?.signOut).toBe(true);
  });

  it('shows the errors array on 400, else the message, else API Error!', () => {
    const errors = [
      { field: 'body.email', code: 'invalid', message: 'Email is invalid' },
      { field: 'body.phone', code: 'invalid', message: 'Phone must be a valid phone number' },
    ];
    expect(errorOutcome(apiError(400, { errors, message: 'x' }))?.message).toBe(
      'Email is invalid\nPhone must be a valid phone number',
    );
    expect(errorOutcome(apiError(400, { message: 'Bad thing' }))?.message).toBe('Bad thing');
    expect(errorOutcome(apiError(400))?.message).toBe('API Error!');
  });

  it('shows detail on 422, the message or Error {status} otherwise, Error! with no answer', () => {
    expect(errorOutcome(apiError(422, { detail: 'Insufficient funds', message: 'x' }))?.message).toBe(
      'Insufficient funds',
    );
    expect(errorOutcome(apiError(500, { message: 'Something went wrong' }))?.message).toBe(
      'Something went wrong',
    );
    expect(errorOutcome(apiError(502))?.message).toBe('Error 502');
    expect(errorOutcome(new NetworkError('/x'))?.message).toBe('Error!');
  });

  it('shows nothing for a cancelled request', () => {
    expect(errorOutcome(new DOMException('aborted', 'AbortError'))).toBeUndefined();
  });
});

// A locked log-in (423 login_locked) tells the real wait, from the answer's Retry-After, both
// for the 15-minute lock of an address and for the shorter account-wide slow-down.
describe('the locked log-in message', () => {
  beforeAll(() => {
    i18n.addResourceBundle('en-GB', 'auth', auth, true, true);
  });
  const locked = (retryAfterSeconds?: number) =>
    new ApiError(
      423,
      { code: 'login_locked', message: 'Too many failed attempts. Log-in is locked for 1 minute.' },
      '/auth/login',
      retryAfterSeconds,
    );

  it('says the minutes of Retry-After, rounded up', () => {
    expect(problemMessage(locked(30))).toBe('Too many failed attempts. Log-in is locked for 1 min.');
    expect(problemMessage(locked(61))).toBe('Too many failed attempts. Log-in is locked for 2 min.');
    expect(problemMessage(locked(900))).toBe('Too many failed attempts. Log-in is locked for 15 min.');
  });

  it("falls back to the server's text when the answer gave no wait", () => {
    expect(problemMessage(locked())).toBe('Too many failed attempts. Log-in is locked for 1 minute.');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes the wait from the Retry-After header of the refusal', async () => {
    const body = JSON.stringify({ status: 423, code: 'login_locked', message: 'locked' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body, { status: 423, headers: { 'retry-after': '30' } })),
    );
    const refusal = await apiRequest('/auth/login', { method: 'POST', body: {} }).then(
      () => undefined,
      (error: unknown) => error,
    );
    if (!(refusal instanceof ApiError)) throw new Error('expected an ApiError');
    expect(refusal.retryAfterSeconds).toBe(30);
  });
});
