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
  close(): Promise<void>;
}

/** PGlite can also save its whole data directory, which tests use as a migrated template. */
export interface PgliteDatabase extends Database {
  readonly driver: 'pglite';
  dumpDataDir(): Promise<Blob>;
}
