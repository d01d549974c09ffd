import type fc from 'fast-check';
import type { Database, Queryable } from '../../../db/database';

// A database whose every query waits for fc.scheduler's go-ahead, so a property test decides
// the order in which concurrent ledger calls' round trips reach the database (docs/reliability.md, T4).

function scheduledQueryable(target: Queryable, scheduler: fc.Scheduler): Queryable {
  return {
    query: async (sql, params) => {
      await scheduler.schedule(Promise.resolve(), sql.slice(0, 40));
      return target.query(sql, params);
    },
    exec: async (sql) => {
      await scheduler.schedule(Promise.resolve(), 'exec');
      return target.exec(sql);
    },
  };
}

export function scheduledDatabase(db: Database, scheduler: fc.Scheduler): Database {
  const queryable = scheduledQueryable(db, scheduler);
  return {
    driver: db.driver,
    query: queryable.query,
    exec: queryable.exec,
    readerFor: () => queryable,
    watchWrites: (watcher) => db.watchWrites(watcher),
    runInTransaction: async (work, isolation) => {
      await scheduler.schedule(Promise.resolve(), 'begin');
      return db.runInTransaction((tx) => work(scheduledQueryable(tx, scheduler)), isolation);
    },
    close: () => db.close(),
  };
}
