import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import auth from '../locales/en-GB/auth.json';
import { ApiError, apiRequest } from './api-client';
import { problemMessage } from './form-errors';
import { i18n } from './i18n';

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
