import pg from 'pg';
import type { Database, IsolationLevel, Queryable } from './database';
import { INT8_OID, parseInt8 } from './int8';

export type PostgresOptions = { connectionString: string; poolSize: number; searchPath?: string };

export async function openPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize,
    // Each connection parses BIGINT with our checked parser; other types keep pg's defaults.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client that loses its connection emits here; without a listener the process dies.
  pool.on('error', (error) => console.error('PostgreSQL pool error', error.message));
  await pool.query('SELECT 1');

  const query = async <Row extends object>(sql: string, params: readonly unknown[] = []) =>
    (await pool.query<Row>(sql, [...params])).rows;

  return {
    driver: 'postgres',
    query,
    async exec(sql: string) {
      await pool.query(sql);
    },
    async runInTransaction<T>(work: (tx: Queryable) => Promise<T>, isolation: IsolationLevel) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query(`BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}`);
        const tx: Queryable = {
          query: async <Row extends object>(sql: string, params: readonly unknown[] = []) =>
            (await client.query<Row>(sql, [...params])).rows,
          exec: async (sql: string) => {
            await client.query(sql);
          },
        };
        const result = await work(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
