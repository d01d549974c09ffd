import type { Queryable } from '../../db/database';
import type { PrincipalType } from './session-rows';

/** The lock times of a log-in name's counters at `ip` and at `accountIp` (the account-wide row). */
export async function findLockedUntil(
  db: Queryable,
  type: PrincipalType,
  loginName: string,
  ip: string,
  accountIp: string,
): Promise<{ locked_until: Date | null }[]> {
  return db.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM login_lockouts WHERE principal_type = $1 AND login_name = $2 AND ip IN ($3, $4)',
    [type, loginName, ip, accountIp],
  );
}

/** Counts one failure on the counter of the name at `ip`, which starts at 1; its new count. */
export async function addFailure(
  db: Queryable,
  type: PrincipalType,
  loginName: string,
  ip: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db.query<{ failed_count: number }>(
    `INSERT INTO login_lockouts (principal_type, login_name, ip, failed_count, updated_at) VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT (principal_type, login_name, ip) DO UPDATE
         SET failed_count = login_lockouts.failed_count + 1, updated_at = $4
       RETURNING failed_count`,
    [type, loginName, ip, now],
  );
  return row?.failed_count;
}

/**
 * Locks the name at `ip` until `lockedUntil`: an address's count starts again (`reset`), the
 * account-wide one is kept (`kept`), so its back-off keeps growing.
 */
export async function lockLoginName(
  db: Queryable,
  row: { type: PrincipalType; loginName: string; ip: string },
  lockedUntil: Date,
  count: 'reset' | 'kept',
): Promise<void> {
  await db.query(
    count === 'reset'
      ? `UPDATE login_lockouts SET failed_count = 0, locked_until = $4
       WHERE principal_type = $1 AND login_name = $2 AND ip = $3`
      : `UPDATE login_lockouts SET locked_until = $4 WHERE principal_type = $1 AND login_name = $2 AND ip = $3`,
    [row.type, row.loginName, row.ip, lockedUntil],
  );
}

/** Every counter of the name starts again, unlocked. */
export async function resetAllCounters(db: Queryable, type: PrincipalType, loginName: string): Promise<void> {
  await db.query(
    'UPDATE login_lockouts SET failed_count = 0, locked_until = NULL WHERE principal_type = $1 AND login_name = $2',
    [type, loginName],
  );
}

/** The name's counters at `ip` and at `accountIp` start again, unlocked. */
export async function resetCounters(
  db: Queryable,
  type: PrincipalType,
  loginName: string,
  ip: string,
  accountIp: string,
): Promise<void> {
  await db.query(
    `UPDATE login_lockouts SET failed_count = 0, locked_until = NULL
     WHERE principal_type = $1 AND login_name = $2 AND ip IN ($3, $4)`,
    [type, loginName, ip, accountIp],
  );
}
