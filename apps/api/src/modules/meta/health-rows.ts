import type { Queryable } from '../../db/database';

/** The cheapest statement that proves the database answers; throws when it does not. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
