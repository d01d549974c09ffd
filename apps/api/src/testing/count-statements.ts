import type { Database, Queryable } from '../db/database';

/**
 * Counts the statements `db` sends, in transactions too (BEGIN and COMMIT are not counted),
 * each by its first three words: `take()` returns and clears them, `restore()` stops counting.
 */
export function countStatements(db: Database) {
  const statements: string[] = [];
  const query = db.query.bind(db);
  const runInTransaction = db.runInTransaction.bind(db);
  const counted = (inner: Queryable['query']): Queryable['query'] =>
    ((sql: string, params?: readonly unknown[]) => {
      statements.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
      return inner(sql, params);
    }) as Queryable['query'];
  db.query = counted(query);
  db.runInTransaction = (work, isolation) =>
    runInTransaction((tx) => work({ ...tx, query: counted(tx.query.bind(tx)) }), isolation);
  return {
    take: () => statements.splice(0),
    restore: () => {
      db.query = query;
      db.runInTransaction = runInTransaction;
    },
  };
}
