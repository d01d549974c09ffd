import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import type { WriteWatcher } from './database';

// What a WriteWatcher is told, on both drivers: after a statement that concerns it, again when
// its transaction ends (committed or rolled back), after any script; and, on PostgreSQL, of a
// NOTIFY on its channel, with a lost listening connection reported and opened again.
describe('watching writes', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('bare');
    await test.db.exec(
      'CREATE TABLE watched (id int PRIMARY KEY, note text); INSERT INTO watched VALUES (1, null)',
    );
  });
  afterAll(async () => {
    await test.cleanup();
  });

  function watch(channel = 'watched_changed') {
    const told = { changed: 0, heard: [] as boolean[] };
    const watcher: WriteWatcher = {
      channel,
      concerns: (sql) => /UPDATE watched/.test(sql),
      changed: () => {
        told.changed += 1;
      },
      watching: (heard) => {
        told.heard.push(heard);
      },
    };
    const stop = test.db.watchWrites(watcher);
    return { told, stop };
  }

  it('tells after a statement that concerns it, again when its transaction ends, and after scripts', async () => {
    const { told, stop } = watch();
    try {
      await test.db.query('SELECT note FROM watched WHERE id = $1', [1]);
      expect(told.changed).toBe(0);
      await test.db.query('UPDATE watched SET note = $2 WHERE id = $1', [1, 'a']);
      expect(told.changed).toBe(1);
      await test.db.runInTransaction(async (tx) => {
        await tx.query('UPDATE watched SET note = $2 WHERE id = $1', [1, 'b']);
        expect(told.changed).toBe(2);
      }, 'read committed');
      expect(told.changed).toBe(3);
      await expect(
        test.db.runInTransaction(async (tx) => {
          await tx.query('UPDATE watched SET note = $2 WHERE id = $1', [1, 'c']);
          throw new Error('rolled back');
        }, 'read committed'),
      ).rejects.toThrow('rolled back');
      expect(told.changed).toBe(5);
      await test.db.exec('SELECT 1');
      expect(told.changed).toBe(6);
    } finally {
      stop();
    }
    await test.db.query('UPDATE watched SET note = $2 WHERE id = $1', [1, 'd']);
    expect(told.changed).toBe(6);
  });

  it('hears a NOTIFY on its schema from any connection, and reports a lost listener until it listens again', async (context) => {
    if (test.db.driver !== 'postgres') return context.skip();
    const { told, stop } = watch('watched_channel');
    try {
      await vi.waitFor(() => expect(told.heard).toEqual([true]), { timeout: 5_000, interval: 5 });
      const before = told.changed;
      // Another schema's NOTIFY (another installation on the same database) is not this one's.
      // Notifications arrive in commit order: once the last is heard, the others were too.
      await test.db.query(`SELECT pg_notify('watched_channel elsewhere', '')`);
      await test.db.query(`SELECT pg_notify('watched_channel ' || current_schema(), '')`);
      await test.db.query(`SELECT pg_notify('watched_channel ' || current_schema(), '')`);
      await vi.waitFor(() => expect(told.changed).toBeGreaterThanOrEqual(before + 2), {
        timeout: 5_000,
        interval: 5,
      });
      expect(told.changed).toBe(before + 2);
      await test.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE pid <> pg_backend_pid() AND query = 'LISTEN "watched_channel ' || current_schema() || '"'`,
      );
      await vi.waitFor(() => expect(told.heard).toEqual([true, false, true]), {
        timeout: 10_000,
        interval: 20,
      });
    } finally {
      stop();
    }
  });
});
