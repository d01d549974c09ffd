import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPgliteDatabase } from '../db/pglite-database';
import { openPostgresDatabase } from '../db/postgres-database';
import { seedDemoData } from '../seed/seed-demo-data';

// Each test file gets a database of its own, already migrated: PGlite in memory by default,
// or a fresh schema on the server named by TEST_DATABASE_URL when the test project asks for
// PostgreSQL (vitest.config.ts runs the API tests on both).
export type TestDatabase = { db: Database; cleanup: () => Promise<void> };

/** The site address the tests' demo data is seeded with (it appears in the welcome e-mail). */
export const DEMO_SEED_CONTEXT = { publicUrl: 'http://localhost:3000' };

export function testDatabaseDriver(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

/** `bare`: not even migrated; `migrated`: the schema; `demo`: the schema and the demo data. */
export type TestDatabaseContent = 'bare' | 'migrated' | 'demo';

export async function createTestDatabase(content: TestDatabaseContent = 'migrated'): Promise<TestDatabase> {
  if (testDatabaseDriver() === 'pglite') return pglite(content);
  const test = await createPostgresSchemaDatabase();
  if (content !== 'bare') await migrate(test.db);
  if (content === 'demo') await seedDemoData(test.db, DEMO_SEED_CONTEXT);
  return test;
}

// The global set-up saves the migrated and the demo database once per run; a copy loads in
// about half a second. Without it (a test file run on its own outside the project), the same
// content is built here.
async function pglite(content: TestDatabaseContent): Promise<TestDatabase> {
  const templatePath =
    content === 'migrated'
      ? inject('pgliteTemplatePath')
      : content === 'demo'
        ? inject('pgliteDemoTemplatePath')
        : undefined;
  const template = templatePath ? new Blob([await readFile(templatePath)]) : undefined;
  const db = await openPgliteDatabase(undefined, template);
  if (!template && content !== 'bare') await migrate(db);
  if (!template && content === 'demo') await seedDemoData(db, DEMO_SEED_CONTEXT);
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
