import { PGlite } from '@electric-sql/pglite';
import type { IsolationLevel, PgliteDatabase, Queryable, WriteWatcher } from './database';
import { translateDatabaseError } from './database-unavailable';
import { DURABLE_START_PARAMS, DurableNodeFS, syncDirectoryTree } from './durable-node-fs';
import { INT8_OID, parseInt8 } from './int8';
import { WriteWatchers } from './write-watchers';

// PGlite is PostgreSQL compiled to WebAssembly, running inside this process on one
// connection. `dataDir` undefined keeps the database in memory (tests); `template` starts it
// from a saved data directory instead of running initdb. On disk it fsyncs every commit
// unless `durable: false` (see durable-node-fs.ts).
export async function openPgliteDatabase(
  dataDir?: string,
  template?: Blob,
  options: { durable?: boolean } = {},
): Promise<PgliteDatabase> {
  const durable = Boolean(dataDir) && options.durable !== false;
  const pglite = await PGlite.create({
    ...(dataDir && durable
      ? { fs: new DurableNodeFS(dataDir), startParams: [...DURABLE_START_PARAMS] }
      : dataDir
        ? { dataDir }
        : {}),
    ...(template ? { loadDataDir: template } : {}),
    parsers: { [INT8_OID]: parseInt8 },
  });
  if (dataDir && durable) await syncDirectoryTree(dataDir);
  const adapter = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]).catch(translateDatabaseError);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql).catch(translateDatabaseError);
    },
  });
  const watchers = new WriteWatchers();
  const direct = watchers.watch(adapter(pglite));
  return {
    driver: 'pglite',
    query: direct.query,
    exec: direct.exec,
    // One embedded database, no replica: every read is on it (decision 0038).
    readerFor: () => direct,
    // Only this process opens the embedded database, so every write passes through here and no
    // channel needs hearing.
    watchWrites(watcher: WriteWatcher) {
      const unwatch = watchers.add(watcher);
      watcher.watching(true);
      return unwatch;
    },
    async runInTransaction<T>(work: (tx: Queryable) => Promise<T>, isolation: IsolationLevel) {
      const touched = new Set<WriteWatcher>();
      // PGlite queues transactions on its single connection, so they never interleave.
      return pglite
        .transaction(async (tx) => {
          await tx.query(`SET TRANSACTION ISOLATION LEVEL ${isolation.toUpperCase()}`);
          return work(watchers.watch(adapter(tx), touched));
        })
        .catch(translateDatabaseError)
        .finally(() => watchers.settle(touched));
    },
    async close() {
      await pglite.close();
    },
    async dumpDataDir() {
      const dump = await pglite.dumpDataDir('none');
      return dump;
    },
  };
}
