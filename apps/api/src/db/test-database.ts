import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

// Each test file gets a database of its own, already migrated: PGlite in memory by default,
// or a fresh schema on the server named by TEST_DATABASE_URL when the test project asks for
// PostgreSQL (vitest.config.ts runs the API tests on both).
export type TestDatabase = { db: Database; cleanup: () => Promise<void> };

export function testDatabaseDriver(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const wantsMigrated = options.migrate !== false;
  if (testDatabaseDriver() === 'pglite') return pglite(wantsMigrated);
  const db = await createPostgresSchemaDatabase();
  if (wantsMigrated) await migrate(db.db);
  return db;
}

async function pglite(migrated: boolean): Promise<TestDatabase> {
  const templatePath = migrated ? inject('pgliteTemplatePath') : undefined;
  const template = templatePath ? new Blob([await readFile(templatePath)]) : undefined;
  const db = await openPgliteDatabase(undefined, template);
  if (migrated && !template) await migrate(db);
  return { db, cleanup: () => db.close() };
}

async function createPostgresSchemaDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openPostgresDatabase({ connectionString: url, poolSize: 10, searchPath: schema });
  return {
    db,
    async cleanup() {
      await db.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA ${schema} CASCADE`);
      await dropper.end();
    },
  };
}
