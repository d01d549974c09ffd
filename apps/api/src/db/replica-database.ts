import type { Database, LaggingReader, Queryable, ReplicaStatus } from './database';
import { isDatabaseUnavailable } from './database-unavailable';

// A PostgreSQL streaming replica for reads that may lag (DATABASE_REPLICA_URL, decision 0038).
// Everything goes to the primary except what a route asks for through `readerFor`: that goes
// to the replica while a background check finds it reachable and within REPLICA_MAX_LAG_MS,
// else to the primary. The check runs every REPLICA_CHECK_INTERVAL_MS, never per request, and a
// replica that fails a query mid-way is left for the primary at once: a replica outage never
// fails a request.

/** Measures the replica's lag in milliseconds; throws when it cannot be reached. */
export type ReplicaLagProbe = () => Promise<number>;

export type ReplicaOptions = {
  maxLagMs: number;
  checkIntervalMs: number;
  /** Measures the lag; `measureReplicaLag` unless a test injects one. */
  probe?: ReplicaLagProbe;
  /** Told when reads move between the replica and the primary. */
  onChange?: (status: ReplicaStatus, error?: unknown) => void;
};

export type ReplicatedDatabase = Database & {
  replicaStatus(): ReplicaStatus;
  /** Runs one check now (the background timer runs them too); tests call it. */
  checkReplica(): Promise<ReplicaStatus>;
};

type LagRow = { recovery: boolean; replay_lsn: string | null; replay_age_ms: number | null };

/**
 * The replica's lag. The age of the last replayed commit grows while the primary is idle, so
 * a replica that has replayed everything the primary has written (its replay LSN at or past
 * the primary's current LSN) has lag 0 whatever that age; otherwise the age is the lag. A
 * server that is not in recovery is taken as current (the primary itself, or a pooler in front
 * of it).
 */
export function measureReplicaLag(primary: Queryable, replica: Queryable): ReplicaLagProbe {
  return async () => {
    const [row] = await replica.query<LagRow>(
      `SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replay_lsn,
              (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8
                AS replay_age_ms`,
    );
    if (!row?.recovery) return 0;
    if (row.replay_lsn === null) return Number.POSITIVE_INFINITY;
    const [behind] = await primary.query<{ bytes: number }>(
      'SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::float8 AS bytes',
      [row.replay_lsn],
    );
    if ((behind?.bytes ?? 0) <= 0) return 0;
    return Math.max(0, Math.round(row.replay_age_ms ?? Number.POSITIVE_INFINITY));
  };
}

/** The primary with a replica beside it; closing it closes both and stops the check. */
export function withReplica(
  primary: Database,
  replica: Database,
  options: ReplicaOptions,
): ReplicatedDatabase {
  const probe = options.probe ?? measureReplicaLag(primary, replica);
  // Reads start on the primary until the first check finds the replica current.
  let status: ReplicaStatus = {
    state: 'unavailable',
    lagMs: null,
    maxLagMs: options.maxLagMs,
    checkedAt: null,
  };
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const moveTo = (next: ReplicaStatus, error?: unknown) => {
    // The first check is always told, so a replica down at start is logged too.
    const changed = next.state !== status.state || status.checkedAt === null;
    status = next;
    if (changed) options.onChange?.(next, error);
  };

  const checkReplica = async (): Promise<ReplicaStatus> => {
    const checkedAt = new Date().toISOString();
    try {
      const lagMs = await withTimeout(probe(), Math.max(1_000, options.checkIntervalMs));
      const finite = Number.isFinite(lagMs) ? Math.max(0, Math.round(lagMs)) : null;
      const state = finite !== null && finite <= options.maxLagMs ? 'in_use' : 'lagging';
      moveTo({ state, lagMs: finite, maxLagMs: options.maxLagMs, checkedAt });
    } catch (error) {
      moveTo({ state: 'unavailable', lagMs: null, maxLagMs: options.maxLagMs, checkedAt }, error);
    }
    return status;
  };

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void checkReplica().finally(schedule), options.checkIntervalMs);
    timer.unref();
  };
  void checkReplica().finally(schedule);

  const onPrimary: LaggingReader = { query: (sql, params) => primary.query(sql, params) };
  const onReplica: LaggingReader = {
    async query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]> {
      if (status.state !== 'in_use') return primary.query<Row>(sql, params);
      try {
        return await replica.query<Row>(sql, params);
      } catch (error) {
        // Unreachable: every read goes to the primary until a check finds it back. Any other
        // failure (a conflict with recovery, a migration not replayed yet) is this read's alone.
        if (isDatabaseUnavailable(error)) moveTo({ ...status, state: 'unavailable', lagMs: null }, error);
        return primary.query<Row>(sql, params);
      }
    },
  };
  // A write older than the longest lag the check lets pass, plus one check's wait, is on the
  // replica already; a newer one is read from the primary (read-your-writes, decision 0038).
  const readYourWritesMs = options.maxLagMs + options.checkIntervalMs;

  return {
    ...primary,
    readerFor(lastWriteAt: Date | null) {
      if (lastWriteAt && Date.now() - lastWriteAt.getTime() < readYourWritesMs) return onPrimary;
      return onReplica;
    },
    replicaStatus: () => status,
    checkReplica,
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.all([primary.close(), replica.close()]);
    },
  };
}

async function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`replica check took over ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
