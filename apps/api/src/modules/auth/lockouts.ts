import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { addSeconds } from '../../lib/clock';
import { addFailure, findLockedUntil, lockLoginName, resetAllCounters, resetCounters } from './lockout-rows';
import type { PrincipalType } from './session-rows';
import { LOCKOUT_SECONDS, MAX_FAILED_ATTEMPTS } from './session-rules';

// Failed passwords and codes are counted per log-in name (the lower-cased e-mail), for
// unknown names too, so being locked out says nothing about whether an account exists.
// Failures are written in their own statement, outside the request's transaction, so the
// refusal that follows cannot roll them back.
//
// Two counters (decision 0017): one per log-in name AND IP address, which locks that pair
// for 15 minutes after five failures in a row (PSD2 RTS art. 4(3)(b)); and one per log-in
// name over every address, which only starts a progressive back-off after many more
// failures. So a stranger can lock an account out for their own address, but not for its
// owner's; spreading guesses over many addresses meets a delay that doubles each time.
// The 423 says the real wait, in whole minutes rounded up from the seconds of its Retry-After,
// and nothing else: the per-address lock and the account-wide back-off read alike.
export function lockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed attempts. Log-in is locked for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Failures in a row, over every address, before the account-wide back-off starts. */
export const ACCOUNT_BACKOFF_AFTER = 10;
export const ACCOUNT_BACKOFF_FIRST_SECONDS = 30;
const ACCOUNT_ROW = '';

export type LockoutKey = { type: PrincipalType; loginName: string; ip: string };

export function lockedError(lockedUntil: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError('login_locked', lockedMessage(seconds), {
    headers: { 'retry-after': String(seconds) },
  });
}

/** The account-wide delay after `failures` failures in a row: 0, then 30 s doubling up to 15 min. */
export function accountBackoffSeconds(failures: number): number {
  if (failures < ACCOUNT_BACKOFF_AFTER) return 0;
  const doublings = Math.min(failures - ACCOUNT_BACKOFF_AFTER, 10);
  return Math.min(ACCOUNT_BACKOFF_FIRST_SECONDS * 2 ** doublings, LOCKOUT_SECONDS);
}

function ipOf(key: LockoutKey): string {
  // Never the account row's '' (an empty address would otherwise share the account's counter).
  return (key.ip || 'unknown').slice(0, 64);
}

export async function assertNotLocked(db: Queryable, key: LockoutKey, now: Date) {
  const rows = await findLockedUntil(db, key.type, key.loginName.toLowerCase(), ipOf(key), ACCOUNT_ROW);
  const until = latest(rows.map((row) => row.locked_until));
  if (until && until > now) throw lockedError(until, now);
}

function latest(dates: (Date | null)[]): Date | null {
  return dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);
}

export type Lock = { lockedUntil: Date; scope: 'ip' | 'account'; startedNow: boolean };

/** Counts one failure; returns the lock this failure led to, if any. */
export async function recordFailure(db: Queryable, key: LockoutKey, now: Date): Promise<Lock | null> {
  const name = key.loginName.toLowerCase();
  const count = async (ip: string) => (await addFailure(db, key.type, name, ip, now)) ?? 0;
  const ipFailures = await count(ipOf(key));
  const accountFailures = await count(ACCOUNT_ROW);
  if (ipFailures >= MAX_FAILED_ATTEMPTS) {
    const lockedUntil = addSeconds(now, LOCKOUT_SECONDS);
    await lockLoginName(db, { type: key.type, loginName: name, ip: ipOf(key) }, lockedUntil, 'reset');
    return { lockedUntil, scope: 'ip', startedNow: true };
  }
  const backoff = accountBackoffSeconds(accountFailures);
  if (backoff === 0) return null;
  const lockedUntil = addSeconds(now, backoff);
  await lockLoginName(db, { type: key.type, loginName: name, ip: ACCOUNT_ROW }, lockedUntil, 'kept');
  return { lockedUntil, scope: 'account', startedNow: accountFailures === ACCOUNT_BACKOFF_AFTER };
}

/**
 * After a success from `ip`: that address's counter and the account-wide one start again.
 * Without `ip` (a new password), every counter of the name does: old guesses are moot.
 */
export async function clearFailures(db: Queryable, type: PrincipalType, loginName: string, ip?: string) {
  const name = loginName.toLowerCase();
  if (ip === undefined) {
    await resetAllCounters(db, type, name);
    return;
  }
  await resetCounters(db, type, name, ipOf({ type, loginName, ip }), ACCOUNT_ROW);
}
