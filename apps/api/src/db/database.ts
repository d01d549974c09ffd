// The one database interface the rest of the API sees. Two drivers implement it: embedded
// PGlite (one connection, in-process) and PostgreSQL through a pool. The SQL is the same
// (docs/decisions/0003-database-layer.md).

export interface Queryable {
  query<Row extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * Reads whose answer may lag the last commit by up to REPLICA_MAX_LAG_MS: a replica's pool when
 * one is in use, else the primary itself. Only `query`: no transaction, no write
 * (docs/decisions/0038-read-replica-for-reads-that-may-lag.md).
 */
export type LaggingReader = Pick<Queryable, 'query'>;

/** What `/api/health` says of the replica (DATABASE_REPLICA_URL); see replica-database.ts. */
export type ReplicaStatus = {
  /** `in_use`: reads that may lag go to it; otherwise they go to the primary. */
  state: 'in_use' | 'lagging' | 'unavailable';
  /** The last measured lag, or null before the first answer and while unreachable. */
  lagMs: number | null;
  maxLagMs: number;
  checkedAt: string | null;
};

/**
 * Something a process keeps in memory that writes can make stale (the session check,
 * modules/auth/session-cache.ts). The driver asks `concerns` of each statement's text; after a
 * statement it concerns, and again when that statement's transaction ends, it calls `changed`.
 * A script (`exec`) concerns every watcher. A NOTIFY on `<channel> <schema>` (a trigger sends
 * one, so writes by any process count; the schema is the one the connection works in) calls
 * `changed` too, and `watching` says whether that channel is being heard: while it is not (a lost
 * connection), nothing kept may be trusted.
 */
export type WriteWatcher = {
  concerns(sql: string): boolean;
  changed(): void;
  channel: string;
  watching(heard: boolean): void;
};

export type IsolationLevel = 'read committed' | 'repeatable read' | 'serializable';

export type TransactionOptions = {
  isolation?: IsolationLevel;
  /** Attempts in all, including the first, when the database reports a serialization failure or deadlock. */
  maxAttempts?: number;
};

export interface Database extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /** Runs `work` in one transaction on one connection, without retrying. Use `withTransaction` instead. */
  runInTransaction<T>(work: (tx: Queryable) => Promise<T>, isolation: IsolationLevel): Promise<T>;
  /**
   * Where a read that may lag goes for a caller who last wrote at `lastWriteAt` (null: never, or
   * a job): the replica while it is in use and the write is older than its read-your-writes
   * window, else the primary. Without a replica always the primary. Call it through
   * `readDb(request, db)` in a route (modules/auth/session-guard.ts).
   */
  readerFor(lastWriteAt: Date | null): LaggingReader;
  /** Starts telling `watcher` of the writes that concern it; the function returned stops it. */
  watchWrites(watcher: WriteWatcher): () => void;
  /** The replica's state; absent without DATABASE_REPLICA_URL. */
  replicaStatus?(): ReplicaStatus;
  close(): Promise<void>;
}

/** Whether `db` is the database itself (statements on any pooled connection), not a transaction. */
export function isDatabase(db: Queryable): db is Database {
  return 'runInTransaction' in db;
}

/** PGlite can also save its whole data directory, which tests use as a migrated template. */
export interface PgliteDatabase extends Database {
  readonly driver: 'pglite';
  dumpDataDir(): Promise<Blob>;
}
