import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/database';
import { createTestDatabase, type TestDatabaseContent } from './test-database';

export type TestApp = { app: FastifyInstance; db: Database; close: () => Promise<void> };

/**
 * The real application on a fresh, migrated database of its own (PGlite or PostgreSQL), with
 * the demo data in it when `content` is 'demo'.
 */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  content: Exclude<TestDatabaseContent, 'bare'> = 'migrated',
): Promise<TestApp> {
  const test = await createTestDatabase(content);
  const app = await buildApp({ config: testConfig(overrides), db: test.db });
  await app.ready();
  return {
    app,
    db: test.db,
    async close() {
      await app.close();
      await test.cleanup();
    },
  };
}
