import type { Queryable } from '../db/database';

// app_state holds the few settings the platform keeps in the database rather than the
// environment (one JSON value per key), so an operator can change them without a restart. The
// platform owns the table; a module reads and writes its own keys through these.

/** The key's value, or undefined when it was never set. */
export async function readAppState(db: Queryable, key: string): Promise<unknown> {
  const [row] = await db.query<{ value: unknown }>('SELECT value FROM app_state WHERE key = $1', [key]);
  return row?.value;
}

/** Sets the key to a text value, replacing what it held. */
export async function setAppStateText(db: Queryable, key: string, value: string): Promise<void> {
  await db.query(
    `INSERT INTO app_state (key, value) VALUES ($1, to_jsonb($2::text))
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [key, value],
  );
}

/**
 * Sets the key to the database's time unless it is set already; true when this call set it. The
 * row's lock makes two transactions racing for the key end with one winner.
 */
export async function claimAppStateKey(db: Queryable, key: string): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO app_state (key, value) VALUES ($1, to_jsonb(now())) ON CONFLICT (key) DO NOTHING RETURNING key`,
    [key],
  );
  return inserted.length > 0;
}
