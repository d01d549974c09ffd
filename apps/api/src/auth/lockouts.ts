import type { Queryable } from '../db/database';
import { AppError } from '../lib/app-error';
import { addSeconds } from './clock';
import { LOCKOUT_SECONDS, MAX_FAILED_ATTEMPTS } from './session-rules';
import type { PrincipalType } from './sessions';

// Failed passwords and codes are counted per log-in name (the lower-cased e-mail), for
// unknown names too, so being locked out says nothing about whether an account exists.
// Failures are written in their own statement, outside the request's transaction, so the
// refusal that follows cannot roll them back.
export const LOCKED_MESSAGE = `Too many failed attempts. Log-in is locked for ${LOCKOUT_SECONDS / 60} minutes.`;

export function lockedError(lockedUntil: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError(423, 'login_locked', LOCKED_MESSAGE, { headers: { 'retry-after': String(seconds) } });
}

export async function assertNotLocked(db: Queryable, type: PrincipalType, loginName: string, now: Date) {
  const [row] = await db.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM login_lockouts WHERE principal_type = $1 AND login_name = $2',
    [type, loginName.toLowerCase()],
  );
  if (row?.locked_until && row.locked_until > now) throw lockedError(row.locked_until, now);
}

/** Counts one failure; returns the lock's end when this failure locked the log-in. */
export async function recordFailure(
  db: Queryable,
  type: PrincipalType,
  loginName: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db.query<{ failed_count: number }>(
    `INSERT INTO login_lockouts (principal_type, login_name, failed_count, updated_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (principal_type, login_name) DO UPDATE
       SET failed_count = login_lockouts.failed_count + 1, updated_at = $3
     RETURNING failed_count`,
    [type, loginName.toLowerCase(), now],
  );
  if (!row || row.failed_count < MAX_FAILED_ATTEMPTS) return null;
  const lockedUntil = addSeconds(now, LOCKOUT_SECONDS);
  await db.query(
    `UPDATE login_lockouts SET failed_count = 0, locked_until = $3 WHERE principal_type = $1 AND login_name = $2`,
    [type, loginName.toLowerCase(), lockedUntil],
  );
  return lockedUntil;
}

export async function clearFailures(db: Queryable, type: PrincipalType, loginName: string) {
  await db.query(
    `UPDATE login_lockouts SET failed_count = 0, locked_until = NULL WHERE principal_type = $1 AND login_name = $2`,
    [type, loginName.toLowerCase()],
  );
}
