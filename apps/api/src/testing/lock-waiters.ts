import { expect, vi } from 'vitest';
import type { Queryable } from '../db/database';

/**
 * Waits until at least `count` statements whose text contains `text` wait on a lock (PostgreSQL
 * only): a test that holds a transaction open lets it go once the others it means to race are
 * queued behind it, not after a fixed sleep.
 */
export async function waitForLockWaiters(db: Queryable, text: string, count: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const [waiting] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND position($1 in query) > 0`,
        [text],
      );
      expect(waiting?.n).toBeGreaterThanOrEqual(count);
    },
    { timeout: 10_000, interval: 20 },
  );
}
