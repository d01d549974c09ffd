import type { Queryable } from './database';

// Transaction-level advisory locks (docs/decisions/0035): held until the transaction that took
// them commits or rolls back, so a crash never leaves one behind. A lock is named by what it
// guards (`scope`, a job) and which unit of it (`name`, a date or a client); the current schema
// is part of the name, so databases that share a server in separate schemas (the tests) never
// wait on each other.
const LOCK_KEYS = `hashtext($1), hashtext(current_schema() || ':' || $2)`;

/** Takes the lock if nobody holds it; false when another transaction does (it is doing the work). */
export async function tryAdvisoryTransactionLock(
  tx: Queryable,
  scope: string,
  name: string,
): Promise<boolean> {
  const [row] = await tx.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_xact_lock(${LOCK_KEYS}) AS locked`,
    [scope, name],
  );
  return row?.locked === true;
}

/** Waits for the lock: the work that held it has committed (or rolled back) when this returns. */
export async function advisoryTransactionLock(tx: Queryable, scope: string, name: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${LOCK_KEYS})`, [scope, name]);
}
