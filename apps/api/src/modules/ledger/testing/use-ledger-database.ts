import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../../db/database';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { checkLedgerInvariants } from '../check-invariants';
import { ensureSystemAccounts } from '../open-account';

export type LedgerDatabaseOptions = {
  /** The currencies whose system accounts are opened before `ready` runs. */
  currencies?: readonly string[];
};

/**
 * One database for a test file (PGlite takes seconds to start), handed to `ready` before the
 * tests run; after them the ledger must still keep every invariant, and the database closes.
 * Each test uses accounts of its own.
 */
export function useLedgerDatabase(
  ready: (db: Database) => Promise<void> | void,
  options: LedgerDatabaseOptions = {},
): void {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    for (const currency of options.currencies ?? []) await ensureSystemAccounts(testDb.db, currency);
    await ready(testDb.db);
  });
  afterAll(async () => {
    if (!testDb) return;
    expect((await checkLedgerInvariants(testDb.db)).breaks).toEqual([]);
    await testDb.cleanup();
  });
}
