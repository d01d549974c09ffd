import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../apps/api/src/db/database';
import { migrate } from '../apps/api/src/db/migrate';
import { openPgliteDatabase } from '../apps/api/src/db/pglite-database';
import { openPostgresDatabase } from '../apps/api/src/db/postgres-database';
import { transactionStats } from '../apps/api/src/db/transaction';
import { ledgerStats } from '../apps/api/src/modules/ledger/index';
import { checkpoint, interleave, Pgbench, recreateDatabase } from './bench-support';
import {
  assertInvariants,
  BATCH_SIZE,
  batchCall,
  hotCall,
  InvariantBreak,
  runLedgerPhase,
  setUpLedger,
  uniformCall,
  type Workload,
} from './ledger-workloads';

// `npm run bench:ledger`: the ledger against its physical reference and against itself, every
// comparison interleaved A B A B on one server, with the median of the pairs' ratios (see
// docs/benchmarks.md). It creates and drops its own databases, bench_ledger and bench_pgbench,
// on the server of DATABASE_URL (default: the local server). Not a test: it prints ratios.

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.BENCH_PHASE_SECONDS ?? 5);
const pairs = Number(process.env.BENCH_PAIRS ?? 3);
const PGBENCH_SCALE = 10;
// While iterating, BENCH_ONLY=c1,hot runs some comparisons only (c1 c8 c32 hot batch pglite).
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (name: string) => !only || only.includes(name);

type LedgerPhase = (
  db: Database,
  workload?: Workload,
  callers?: number,
  unit?: 'calls' | 'transfers',
) => Promise<number>;

type Bench = {
  pgbench: Pgbench;
  /** A connection pool of the given size on the ledger's database, opened once. */
  pool: (size: number) => Promise<Database>;
  /** A timed ledger phase: a checkpoint first, the invariant checker after. */
  ledgerPhase: LedgerPhase;
  close: () => Promise<void>;
};

async function prepare(): Promise<Bench> {
  const ledgerUrl = await recreateDatabase(serverUrl, 'bench_ledger');
  const pgbench = new Pgbench(await recreateDatabase(serverUrl, 'bench_pgbench'));
  await pgbench.initialise(PGBENCH_SCALE);
  const setup = await openPostgresDatabase({ connectionString: ledgerUrl, poolSize: 2 });
  await migrate(setup);
  const ids = await setUpLedger(setup);
  const pools = new Map<number, Database>([[2, setup]]);
  const pool = async (size: number) => {
    const existing =
      pools.get(size) ?? (await openPostgresDatabase({ connectionString: ledgerUrl, poolSize: size }));
    pools.set(size, existing);
    return existing;
  };
  const ledgerPhase: LedgerPhase = async (db, workload = uniformCall, callers = 1, unit = 'calls') => {
    await checkpoint(serverUrl);
    const result = await runLedgerPhase(db, ids, workload, callers, seconds);
    await assertInvariants(db, `a phase of ${callers} callers`);
    return unit === 'calls' ? result.callsPerSecond : result.transfersPerSecond;
  };
  // Warm both sides once so that the first pair does not pay for cold caches.
  await runLedgerPhase(await pool(8), ids, uniformCall, 8, 2);
  await pgbench.tpcbLike(8, 2);
  return {
    pgbench,
    pool,
    ledgerPhase,
    close: async () => {
      for (const db of pools.values()) await db.close();
    },
  };
}

async function compareWithPgbench(bench: Bench, ratios: Record<string, number>): Promise<void> {
  for (const callers of [1, 8, 32]) {
    if (!wanted(`c${callers}`)) continue;
    console.log(`\nLedger transfers/s (A) vs pgbench tpcb-like TPS (B), ${callers} caller(s):`);
    const db = await bench.pool(callers);
    const pgbenchPhase = async () => {
      await checkpoint(serverUrl);
      return bench.pgbench.tpcbLike(callers, seconds);
    };
    const compared = await interleave(
      `c${callers}`,
      pairs,
      () => bench.ledgerPhase(db, uniformCall, callers),
      pgbenchPhase,
    );
    ratios[`ratio_c${callers}`] = compared.ratio;
  }
}

async function compareWithItself(bench: Bench, ratios: Record<string, number>): Promise<void> {
  const db8 = await bench.pool(8);
  const db1 = await bench.pool(1);
  if (wanted('hot')) await compareHot(bench, db8, ratios);
  if (wanted('batch')) await compareBatch(bench, db1, ratios);
  if (wanted('pglite')) {
    console.log('\nPGlite (A) vs PostgreSQL (B), one connection, one caller, transfers/s:');
    ratios.pglite_vs_pg = await comparePglite(bench.ledgerPhase, db1);
  }
}

async function compareHot(bench: Bench, db8: Database, ratios: Record<string, number>): Promise<void> {
  console.log(
    '\nHot account: payment + fee to one fee account (A) vs single payments (B), 8 callers, calls/s:',
  );
  const hot = await interleave(
    'hot',
    pairs,
    () => bench.ledgerPhase(db8, hotCall, 8),
    () => bench.ledgerPhase(db8, uniformCall, 8),
  );
  ratios.hot_vs_uniform = hot.ratio;
}

async function compareBatch(bench: Bench, db1: Database, ratios: Record<string, number>): Promise<void> {
  console.log(`\nBatches of ${BATCH_SIZE} (A) vs one transfer per call (B), 1 caller, transfers/s:`);
  const batch = await interleave(
    'batch',
    pairs,
    () => bench.ledgerPhase(db1, batchCall, 1, 'transfers'),
    () => bench.ledgerPhase(db1, uniformCall, 1),
  );
  ratios.batch_vs_single = batch.ratio;
}

/**
 * PGlite in a data directory of its own on disk, as the embedded default runs (fsync on every
 * commit); PGLITE_FSYNC=off measures it without, as before decision 0016.
 */
async function comparePglite(ledgerPhase: LedgerPhase, postgres: Database): Promise<number> {
  const directory = await mkdtemp(join(tmpdir(), 'bench-pglite-'));
  const durable = process.env.PGLITE_FSYNC !== 'off';
  const pglite = await openPgliteDatabase(join(directory, 'pglite'), undefined, { durable });
  try {
    await migrate(pglite);
    const ids = await setUpLedger(pglite);
    await runLedgerPhase(pglite, ids, uniformCall, 1, 2);
    return (
      await interleave(
        'pglite',
        pairs,
        () => ledgerPhase(pglite),
        () => ledgerPhase(postgres),
      )
    ).ratio;
  } finally {
    await pglite.close();
    await rm(directory, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `Ledger benchmark: ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `${seconds} s phases, ${pairs} pairs, server ${new URL(serverUrl).host}`,
  );
  const bench = await prepare();
  const ratios: Record<string, number> = {};
  try {
    await compareWithPgbench(bench, ratios);
    await compareWithItself(bench, ratios);
  } finally {
    await bench.close();
  }
  console.log(
    `\nOptimistic conflicts sent to the locking path: ${ledgerStats.optimisticConflicts}; ` +
      `one-round-trip fallbacks: ${ledgerStats.oneTripFallbacks}; ` +
      `transaction retries: ${transactionStats.retries}`,
  );
  const names = ['ratio_c8', 'ratio_c1', 'hot_vs_uniform', 'batch_vs_single', 'pglite_vs_pg'];
  console.log(
    `RESULT ${names.map((name) => `${name}=${(ratios[name] ?? Number.NaN).toFixed(3)}`).join(' ')} invariants=ok`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof InvariantBreak) {
    console.log(
      'RESULT ratio_c8=nan ratio_c1=nan hot_vs_uniform=nan batch_vs_single=nan pglite_vs_pg=nan invariants=broken',
    );
  }
  process.exitCode = 1;
});
