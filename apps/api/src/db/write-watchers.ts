import type { Queryable, WriteWatcher } from './database';

// The drivers' side of WriteWatcher (database.ts): which statements concern which watcher, and
// telling them once a statement has run and again when its transaction has ended, whichever way.
// Telling after, not before: a reader that started earlier may otherwise keep what it read.
export class WriteWatchers {
  readonly #watchers = new Set<WriteWatcher>();

  add(watcher: WriteWatcher): () => void {
    this.#watchers.add(watcher);
    return () => {
      this.#watchers.delete(watcher);
    };
  }

  /**
   * `target` with its statements watched. In a transaction, `touched` gathers the watchers its
   * statements concerned, for `settle` when it ends.
   */
  watch(target: Queryable, touched?: Set<WriteWatcher>): Queryable {
    return {
      query: async <Row extends object>(sql: string, params?: readonly unknown[]) => {
        const concerned = this.#concerned(sql);
        if (!concerned) return target.query<Row>(sql, params);
        try {
          return await target.query<Row>(sql, params);
        } finally {
          this.#tell(concerned, touched);
        }
      },
      exec: async (sql: string) => {
        try {
          await target.exec(sql);
        } finally {
          this.#tell([...this.#watchers], touched);
        }
      },
    };
  }

  /** A transaction ended (committed or rolled back): the watchers its statements concerned are told again. */
  settle(touched: Set<WriteWatcher>): void {
    for (const watcher of touched) watcher.changed();
  }

  // Every statement passes here: nothing is allocated unless a watcher is concerned.
  #concerned(sql: string): WriteWatcher[] | undefined {
    let concerned: WriteWatcher[] | undefined;
    for (const watcher of this.#watchers) {
      if (!watcher.concerns(sql)) continue;
      concerned = concerned ?? [];
      concerned.push(watcher);
    }
    return concerned;
  }

  #tell(watchers: readonly WriteWatcher[], touched: Set<WriteWatcher> | undefined): void {
    for (const watcher of watchers) {
      watcher.changed();
      touched?.add(watcher);
    }
  }
}
