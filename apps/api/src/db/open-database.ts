import { mkdir } from 'node:fs/promises';
import type { Database } from './database';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export type DatabaseSettings = {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Embedded only: fsync every commit (the default), or not. */
  pgliteFsync?: boolean;
  databasePoolSize: number;
};

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite with its files in DATA_DIR. */
export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  if (settings.databaseUrl) {
    return openPostgresDatabase({
      connectionString: settings.databaseUrl,
      poolSize: settings.databasePoolSize,
    });
  }
  await mkdir(settings.dataDir, { recursive: true });
  return openPgliteDatabase(`${settings.dataDir.replace(/\/$/, '')}/pglite`, undefined, {
    durable: settings.pgliteFsync !== false,
  });
}
