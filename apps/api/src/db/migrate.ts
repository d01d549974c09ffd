import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiPackageRoot } from '../lib/package-root';
import type { Database } from './database';
import { withTransaction } from './transaction';

// Plain SQL migrations, applied in file-name order, each once, in its own transaction, and
// recorded with a checksum. Editing a migration that already ran would leave databases that
// claim the same version but differ, so a changed checksum stops the start instead.
export type Migration = { version: string; sql: string; checksum: string };

export class MigrationChecksumError extends Error {
  constructor(readonly versions: string[]) {
    super(
      `Applied migrations were changed after they ran: ${versions.join(', ')}. ` +
        'Restore the original files and add a new migration for the change.',
    );
    this.name = 'MigrationChecksumError';
  }
}

// Any constant: every process that migrates the same database takes the same lock.
const MIGRATION_LOCK_KEY = 72_657_301;

export function migrationsDirectory(): string {
  return join(apiPackageRoot(), 'migrations');
}

export async function readMigrations(directory = migrationsDirectory()): Promise<Migration[]> {
  const files = (await readdir(directory)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort();
  return Promise.all(
    files.map(async (file) => {
      const sql = await readFile(join(directory, file), 'utf8');
      return {
        version: file.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    }),
  );
}

/** The migrations this build holds that the database has not applied (readiness, docs/operations.md). */
export async function pendingMigrations(db: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  const applied = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  const done = new Set(applied.map((row) => row.version));
  return all.map((m) => m.version).filter((version) => !done.has(version));
}

export async function migrate(db: Database, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await readMigrations());
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied = new Map(
    (
      await db.query<{ version: string; checksum: string }>('SELECT version, checksum FROM schema_migrations')
    ).map((row) => [row.version, row.checksum]),
  );
  const changed = all.filter((m) => applied.has(m.version) && applied.get(m.version) !== m.checksum);
  if (changed.length > 0) throw new MigrationChecksumError(changed.map((m) => m.version));

  const done: string[] = [];
  for (const migration of all.filter((m) => !applied.has(m.version))) {
    const ran = await withTransaction(db, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const already = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (already.length > 0) return false; // another process applied it while we waited
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [
        migration.version,
        migration.checksum,
      ]);
      return true;
    });
    if (ran) done.push(migration.version);
  }
  return done;
}
