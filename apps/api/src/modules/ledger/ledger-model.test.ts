import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { systemAccountId } from './chart-of-accounts';
import { checkLedgerInvariants, formatInvariantReport } from './check-invariants';
import { ledgerStats } from './create-transfers';
import { expirePendingTransfers } from './expire-pending-transfers';
import { ledgerCommands } from './testing/ledger-command-arbitraries';
import { type ModelRun, openAccount, type RealLedger, stepsRun } from './testing/ledger-commands';
import { LedgerModel } from './testing/ledger-model';
import { useLedgerDatabase } from './testing/use-ledger-database';

// docs/reliability.md, T4: random sequences of ledger commands against a plain in-memory model,
// with every invariant checked after every step. One database serves all runs (PGlite takes
// seconds to start): each run works in its own id prefix and a clock that only moves forward.
//
// Replay a failure with the seed and path it prints:
//   LEDGER_PROPERTY_SEED=<seed> LEDGER_PROPERTY_PATH=<path> npx vitest run apps/api/src/modules/ledger/ledger-model
// Longer runs: LEDGER_PROPERTY_RUNS=1000 (more than 20 minutes on PGlite on a busy 2-core machine;
// the default keeps `npm test` short, and CI or a nightly job sets more).

const numRuns = Number(process.env.LEDGER_PROPERTY_RUNS ?? 30);
const seed = Number(process.env.LEDGER_PROPERTY_SEED ?? Date.now() % 2 ** 31);
const path = process.env.LEDGER_PROPERTY_PATH;

let db: Database;
useLedgerDatabase(
  (opened) => {
    db = opened;
  },
  { currencies: ['EUR', 'GBP'] },
);

let runNumber = 0;
let clockMs = Date.UTC(2026, 0, 1);

async function setUpRun(): Promise<{ model: ModelRun; real: RealLedger }> {
  runNumber++;
  clockMs += 86_400_000; // a fresh day per run, so earlier runs' holds are long expired
  await expirePendingTransfers(db, new Date(clockMs), { limit: 10_000 });
  const prefix = `r${runNumber}-`;
  const model = new LedgerModel();
  const real: RealLedger = {
    db,
    prefix,
    now: () => new Date(clockMs),
    advance: (seconds) => {
      clockMs += seconds * 1000;
    },
    checkInvariants: async () => {
      const report = await checkLedgerInvariants(db);
      if (!report.ok) throw new Error(formatInvariantReport(report));
    },
  };
  for (const currency of ['EUR', 'GBP']) {
    model.addAccount(systemAccountId(currency, 'opening_balances'), currency, false);
    model.addAccount(
      systemAccountId(currency, 'rail_settlement', currency === 'EUR' ? 'sepa' : 'faster_pay'),
      currency,
      false,
    );
  }
  const run: ModelRun = { ledger: model, accountIds: [], sent: [], prefix, counter: 0 };
  // Every run starts with four client accounts, three funded, so commands have something to move.
  for (const [currency, fundMinor] of [
    ['EUR', 4_000],
    ['EUR', 1_500],
    ['EUR', 0],
    ['GBP', 2_500],
  ] as const) {
    await openAccount(run, real, currency, fundMinor);
  }
  return { model: run, real };
}

describe('ledger against an in-memory model', () => {
  it(
    'agrees after every command of random sequences',
    async () => {
      console.log(`ledger model property: seed=${seed} runs=${numRuns}${path ? ` path=${path}` : ''}`);
      await fc.assert(
        fc.asyncProperty(fc.commands(ledgerCommands(), { maxCommands: 30, size: 'max' }), (commands) =>
          fc.asyncModelRun(setUpRun, commands),
        ),
        { numRuns, seed, ...(path ? { path } : {}) },
      );
      const outcomes = Object.fromEntries([...stepsRun.outcomes].sort());
      console.log(`ledger model property: ${stepsRun.count} ledger calls in ${runNumber} runs`, outcomes, {
        optimisticConflicts: ledgerStats.optimisticConflicts,
        oneTripFallbacks: ledgerStats.oneTripFallbacks,
      });
      expect(stepsRun.count).toBeGreaterThan(numRuns);
    },
    Math.max(600_000, numRuns * 10_000),
  );

  it('was not vacuous: transfers of every kind were written', async () => {
    const rows = await db.query<{ kind: string; n: number }>(
      'SELECT kind, count(*)::integer AS n FROM ledger_transfers GROUP BY kind ORDER BY kind',
    );
    expect(rows.map((row) => row.kind)).toEqual(['pending', 'post_pending', 'posted', 'void_pending']);
  });
});
