import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseDriver } from '../testing/test-database';
import { durabilityStats, syncDirectoryTree } from './durable-node-fs';
import { openPgliteDatabase } from './pglite-database';

// The embedded database on disk must not acknowledge a commit before it is on the disk:
// fsync on, and every commit's WAL flush reaching fsync(2) (PGlite alone does neither).
describe.runIf(testDatabaseDriver() === 'pglite')('embedded PGlite on disk', () => {
  const directories: string[] = [];
  afterAll(async () => {
    await Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true })));
  });

  it('fsyncs every commit to the disk and keeps it across a reopen', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'bluepeak-durable-'));
    directories.push(directory);
    const db = await openPgliteDatabase(join(directory, 'pglite'));
    const [settings] = await db.query<{ fsync: string; method: string; commit: string }>(
      `SELECT current_setting('fsync') AS fsync, current_setting('wal_sync_method') AS method,
              current_setting('synchronous_commit') AS commit`,
    );
    expect(settings).toEqual({ fsync: 'on', method: 'fsync', commit: 'on' });
    await db.query('CREATE TABLE acknowledged (id int PRIMARY KEY)');
    for (const id of [1, 2, 3]) {
      const before = durabilityStats.fsyncs;
      await db.query('INSERT INTO acknowledged VALUES ($1)', [id]);
      expect(durabilityStats.fsyncs - before, `commit ${id}`).toBeGreaterThanOrEqual(1);
    }
    await db.close();
    const reopened = await openPgliteDatabase(join(directory, 'pglite'));
    expect(await reopened.query('SELECT id FROM acknowledged ORDER BY id')).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
    await reopened.close();
  }, 60_000);

  it('flushes a whole data directory, files and directories, as initdb left it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'bluepeak-tree-'));
    directories.push(directory);
    await mkdir(join(directory, 'base', '1'), { recursive: true });
    await writeFile(join(directory, 'PG_VERSION'), '17\n');
    await writeFile(join(directory, 'base', '1', '1259'), 'page');
    expect(await syncDirectoryTree(directory)).toBe(5);
  });
});
