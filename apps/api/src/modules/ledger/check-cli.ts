import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { openDatabase } from '../../db/open-database';
import { checkLedgerInvariants, formatInvariantReport } from './check-invariants';
import { findLedgerTable } from './invariant-rows';

// `npm run ledger:check`: checks the ledger of the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR) and exits 0 when every invariant holds, 1 on any break, 2 when it
// could not check at all. It only reads: it neither migrates nor repairs.

async function main(): Promise<number> {
  const config = loadConfig();
  let db: Database | undefined;
  try {
    // The check reads the primary, as the ledger's own invariants do (no replica).
    db = await openDatabase({ ...config, databaseReplicaUrl: undefined });
    if (!(await findLedgerTable(db))) {
      console.error(
        'No ledger tables in this database: start the server once (it migrates), then check again.',
      );
      return 2;
    }
    const report = await checkLedgerInvariants(db);
    const text = formatInvariantReport(report);
    if (report.ok) console.log(text);
    else console.error(text);
    return report.ok ? 0 : 1;
  } finally {
    await db?.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('Ledger check could not run:', error instanceof Error ? error.message : error);
    process.exitCode = 2;
  },
);
