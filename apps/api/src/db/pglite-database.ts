import { PGlite } from '@electric-sql/pglite';
import type { IsolationLevel, PgliteDatabase, Queryable } from './database';
import { INT8_OID, parseInt8 } from './int8';

// PGlite is PostgreSQL compiled to WebAssembly, running inside this process on one
// connection. `dataDir` undefined keeps the database in memory (tests); `template` starts it
// from a saved data directory instead of running initdb.
export async function openPgliteDatabase(dataDir?: string, template?: Blob): Promise<PgliteDatabase> {
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
    parsers: { [INT8_OID]: parseInt8 },
  });
  const adapter = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const direct = adapter(pglite);
  return {
    driver: 'pglite',
    query: direct.query,
    exec: direct.exec,
    async runInTransaction<T>(work: (tx: Queryable) => Promise<T>, isolation: IsolationLevel) {
      // PGlite queues transactions on its single connection, so they never interleave.
      return pglite.transaction(async (tx) => {
        await tx.query(`SET TRANSACTION ISOLATION LEVEL ${isolation.toUpperCase()}`);
        return work(adapter(tx));
      });
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
