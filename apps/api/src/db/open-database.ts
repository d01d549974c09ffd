import { mkdir } from 'node:fs/promises';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';
import { withReplica } from './replica-database';

export type DatabaseSettings = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Embedded only: fsync every commit (the default), or not. */
  pgliteFsync?: boolean;
  databasePoolSize: number;
  /** PostgreSQL only: a streaming replica for reads that may lag (replica-database.ts). */
  databaseReplicaUrl?: string | undefined;
  /** PostgreSQL only: where to LISTEN when DATABASE_URL goes through a transaction pooler. */
  databaseListenUrl?: string | undefined;
  replicaMaxLagMs?: number;
  replicaCheckIntervalMs?: number;
};

// A replica that does not answer makes a read wait at most this long before the primary serves it.
const REPLICA_CONNECTION_TIMEOUT_MS = 1_000;

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite with its files in DATA_DIR. */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  if (settings.databaseUrl) {
    const primary = await openPostgresDatabase({
      connectionString: settings.databaseUrl,
      poolSize: settings.databasePoolSize,
      listenConnectionString: settings.databaseListenUrl,
    });
    if (!settings.databaseReplicaUrl) return primary;
    // The start does not wait for the replica: reads use the primary until it answers.
    const replica = await openPostgresDatabase({
      connectionString: settings.databaseReplicaUrl,
      poolSize: settings.databasePoolSize,
      connectionTimeoutMs: REPLICA_CONNECTION_TIMEOUT_MS,
      applicationName: 'bluepeak-replica-reads',
      lazy: true,
    });
    return withReplica(primary, replica, {
      maxLagMs: settings.replicaMaxLagMs ?? 5_000,
      checkIntervalMs: settings.replicaCheckIntervalMs ?? 1_000,
      onChange: (status, error) =>
        console.error(
          JSON.stringify({
            msg: `read replica ${status.state}: reads that may lag go to the ${status.state === 'in_use' ? 'replica' : 'primary'}`,
            lag_ms: status.lagMs,
            ...(error ? { error: reasonOf(error) } : {}),
          }),
        ),
    });
  }
  await mkdir(settings.dataDir, { recursive: true });
  return openPgliteDatabase(`${settings.dataDir.replace(/\/$/, '')}/pglite`, undefined, {
    durable: settings.pgliteFsync !== false,
  });
}

// The driver's own words (a refused connection, a timeout), not the 503's message to clients.
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message || cause.name : String(cause);
}
