import pg from 'pg';
import type { Database, IsolationLevel, Queryable, WriteWatcher } from './database';
import {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  translateDatabaseError,
} from './database-unavailable';
import { INT8_OID, parseInt8 } from './int8';
import { listenOnPostgres } from './postgres-listener';
import { queryConfig } from './prepared-statements';
import { WriteWatchers } from './write-watchers';

export type PostgresOptions = {
  connectionString: string;
  poolSize: number;
  searchPath?: string;
  /** How long a request waits for a connection before it is told the database is unavailable. */
  connectionTimeoutMs?: number;
  /** How long the start waits for an unreachable server (starting up, restarting) before it fails. */
  startupWaitMs?: number;
  /** Names the pool's connections in pg_stat_activity (the replica's pool is told apart by it). */
  applicationName?: string;
  /** Where the LISTEN connection goes (WriteWatcher channels), when not to `connectionString`. */
  listenConnectionString?: string | undefined;
  /** Do not wait for the server at start (a replica may be down; reads then use the primary). */
  lazy?: boolean;
};

const DEFAULT_CONNECTION_TIMEOUT_MS = 5_000;
const DEFAULT_STARTUP_WAIT_MS = 30_000;

// A server started beside the API (a container, a reboot) may still be starting up: wait for
// it a while rather than fail the start, but not for errors that waiting cannot fix.
async function waitForServer(pool: pg.Pool, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await pool.query('SELECT 1');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() >= deadline) {
        await pool.end();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export async function openPostgresDatabase(options: PostgresOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolSize,
    // Without a bound a request waits forever for a server that does not answer.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS,
    keepAlive: true,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    // Each connection parses BIGINT with our checked parser; other types keep pg's defaults.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle client that loses its connection emits here; without a listener the process dies.
  pool.on('error', (error) => console.error('PostgreSQL pool error', error.message));
  if (!options.lazy) await waitForServer(pool, options.startupWaitMs ?? DEFAULT_STARTUP_WAIT_MS);

  const watchers = new WriteWatchers();
  const listeners = new Set<() => Promise<void>>();
  const direct = watchers.watch({
    query: async <Row extends object>(sql: string, params: readonly unknown[] = []) =>
      (await pool.query<Row>(queryConfig(sql, params)).catch(translateDatabaseError)).rows,
    async exec(sql: string) {
      await pool.query(sql).catch(translateDatabaseError);
    },
  });
  const { query } = direct;
  // The listening connection is the pool's kind of connection, outside the pool.
  const openListener = () =>
    new pg.Client({
      connectionString: options.listenConnectionString ?? options.connectionString,
      keepAlive: true,
      ...(options.applicationName ? { application_name: `${options.applicationName} listen` } : {}),
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });

  return {
    driver: 'postgres',
    query,
    // Without DATABASE_REPLICA_URL every read is on this pool (replica-database.ts, decision 0038).
    readerFor: () => ({ query }),
    exec: direct.exec,
    watchWrites(watcher: WriteWatcher) {
      const unwatch = watchers.add(watcher);
      const stopListening = listenOnPostgres(openListener, watcher.channel, {
        notified: () => watcher.changed(),
        heard: (heard) => watcher.watching(heard),
      });
      listeners.add(stopListening);
      return () => {
        unwatch();
        listeners.delete(stopListening);
        void stopListening();
      };
    },
    async runInTransaction<T>(work: (tx: Queryable) => Promise<T>, isolation: IsolationLevel) {
      const client = await pool.connect().catch(translateDatabaseError);
      let broken = false;
      // A checked-out client is not watched by pool.on('error'): a connection cut while the
      // transaction waits between statements would emit 'error' with no listener and kill the
      // process. The statement that follows fails instead, and the client is discarded.
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      const run = async (sql: string, params: readonly unknown[] = []) =>
        client.query(queryConfig(sql, params)).catch(translateDatabaseError);
      const touched = new Set<WriteWatcher>();
      try {
        await run(`BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}`);
        const tx = watchers.watch(
          {
            query: async <Row extends object>(sql: string, params: readonly unknown[] = []) =>
              (await run(sql, params)).rows as Row[],
            exec: async (sql: string) => {
              await run(sql);
            },
          },
          touched,
        );
        const result = await work(tx);
        await run('COMMIT');
        return result;
      } catch (error) {
        if (error instanceof DatabaseUnavailableError) broken = true;
        if (!broken) {
          await client.query('ROLLBACK').catch(() => {
            broken = true;
          });
        }
        throw error;
      } finally {
        client.off('error', onError);
        client.release(broken);
        watchers.settle(touched);
      }
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
