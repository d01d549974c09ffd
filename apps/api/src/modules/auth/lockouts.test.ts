import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import {
  ACCOUNT_BACKOFF_AFTER,
  accountBackoffSeconds,
  assertNotLocked,
  clearFailures,
  type LockoutKey,
  lockedError,
  recordFailure,
} from './lockouts';
import { LOCKOUT_SECONDS, MAX_FAILED_ATTEMPTS } from './session-rules';

// Lockouts per log-in name AND address, with a slower back-off over all addresses (decision
// 0017): a stranger's failures lock the stranger's address, not the owner's.
describe('lockouts per account and IP', () => {
  let test: TestDatabase;
  let db: Database;
  const now = new Date('2026-01-05T10:00:00Z');
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  const key = (loginName: string, ip: string): LockoutKey => ({ type: 'operator', loginName, ip });
  const isLocked = async (k: LockoutKey, at = now) =>
    assertNotLocked(db, k, at).then(
      () => false,
      (error: { code?: string }) => error.code === 'login_locked',
    );

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.db;
  });
  afterAll(async () => test.cleanup());

  it('locks the failing address after five failures in a row, and only that address', async () => {
    const stranger = key('admin@example.test', '203.0.113.7');
    const owner = key('admin@example.test', '198.51.100.1');
    for (let attempt = 1; attempt < MAX_FAILED_ATTEMPTS; attempt++)
      expect(await recordFailure(db, stranger, now)).toBeNull();
    const lock = await recordFailure(db, stranger, now);
    expect(lock).toMatchObject({ scope: 'ip', startedNow: true });
    expect(lock?.lockedUntil).toEqual(later(LOCKOUT_SECONDS));
    expect(await isLocked(stranger)).toBe(true);
    expect(await isLocked(owner)).toBe(false);
    expect(await isLocked(stranger, later(LOCKOUT_SECONDS + 1))).toBe(false);
  });

  it('slows the whole account down only after many failures spread over addresses', async () => {
    const name = 'ops@example.test';
    let lock = null;
    for (let failure = 1; failure <= ACCOUNT_BACKOFF_AFTER; failure++) {
      const spread = key(name, `203.0.113.${failure}`);
      lock = await recordFailure(db, spread, now);
      if (failure < ACCOUNT_BACKOFF_AFTER) expect(lock).toBeNull();
    }
    expect(lock).toMatchObject({ scope: 'account', startedNow: true, lockedUntil: later(30) });
    const owner = key(name, '198.51.100.1');
    expect(await isLocked(owner)).toBe(true);
    expect(await isLocked(owner, later(31))).toBe(false);
    // A success from the owner's address starts the account counter again.
    await clearFailures(db, 'operator', name, '198.51.100.1');
    expect(await recordFailure(db, key(name, '203.0.113.99'), later(40))).toBeNull();
  });

  it('doubles the account-wide delay up to the lockout time', () => {
    expect(accountBackoffSeconds(ACCOUNT_BACKOFF_AFTER - 1)).toBe(0);
    expect(accountBackoffSeconds(ACCOUNT_BACKOFF_AFTER)).toBe(30);
    expect(accountBackoffSeconds(ACCOUNT_BACKOFF_AFTER + 1)).toBe(60);
    expect(accountBackoffSeconds(ACCOUNT_BACKOFF_AFTER + 30)).toBe(LOCKOUT_SECONDS);
  });

  it('says the real wait, rounded up to whole minutes from the Retry-After seconds', () => {
    const answer = (seconds: number) => {
      const error = lockedError(later(seconds), now);
      return { retryAfter: error.extra.headers?.['retry-after'], message: error.message };
    };
    expect(answer(30)).toEqual({
      retryAfter: '30',
      message: 'Too many failed attempts. Log-in is locked for 1 minute.',
    });
    expect(answer(61).message).toBe('Too many failed attempts. Log-in is locked for 2 minutes.');
    expect(answer(8 * 60).message).toBe('Too many failed attempts. Log-in is locked for 8 minutes.');
    expect(answer(LOCKOUT_SECONDS)).toEqual({
      retryAfter: String(LOCKOUT_SECONDS),
      message: 'Too many failed attempts. Log-in is locked for 15 minutes.',
    });
  });
});
