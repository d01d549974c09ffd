import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/database';
import { openPostgresDatabase } from '../../db/postgres-database';
import { transactionStats, withTransaction } from '../../db/transaction';
import { waitForLockWaiters } from '../../testing/lock-waiters';
import { createTestDatabase, type TestDatabase, testDatabaseDriver } from '../../testing/test-database';
import { systemAccountId } from './chart-of-accounts';
import { checkLedgerInvariants, formatInvariantReport } from './check-invariants';
import {
  createTransfer,
  createTransfers,
  createTransfersInTransaction,
  ledgerStats,
} from './create-transfers';
import { expirePendingTransfers } from './expire-pending-transfers';
import { getAccount, getPendingTransferState } from './read-ledger';
import { expectCreated, openFundedClient, posted } from './testing/ledger-fixtures';
import type { CreateTransferResult, TransferInput } from './types';

// docs/reliability.md, T1 (without the process faults) and T3 on a real server. PGlite has one
// connection and runs transactions one after another, so concurrency can only be shown on
// PostgreSQL: these tests run in the api-postgres project (TEST_DATABASE_URL) and skip on PGlite.
//
// One process merges its concurrent calls into one ledger call at a time (transfer-batcher.ts),
// so calls made through one Database handle never meet inside PostgreSQL. The tests therefore
// spread their callers over PROCESSES handles on the same schema, as separate API processes
// sharing one database would, and the calls of each handle are merged too.

let testDb: TestDatabase;
let db: Database;
const PROCESSES = 8;
let processes: Database[] = [];
/** The handle ("API process") a caller runs in. */
const on = (caller: number): Database => processes[caller % PROCESSES] ?? db;
const fee = systemAccountId('EUR', 'fee_income');

async function expectSound(): Promise<void> {
  const report = await checkLedgerInvariants(db);
  expect(report.ok, formatInvariantReport(report)).toBe(true);
}

describe.skipIf(testDatabaseDriver() !== 'postgres')('ledger under concurrency (PostgreSQL)', () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.db;
    const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const connectionString = process.env.TEST_DATABASE_URL ?? '';
    processes = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        openPostgresDatabase({ connectionString, poolSize: 2, ...(row ? { searchPath: row.schema } : {}) }),
      ),
    );
  });
  afterAll(async () => {
    for (const handle of processes) await handle.close();
    await testDb?.cleanup();
  });

  it('8 workers x 1,000 random transfers among 20 accounts: conserved, never negative, each acknowledged once', async () => {
    const accounts = Array.from({ length: 20 }, (_, i) => `bank-${i}`);
    for (const id of accounts) await openFundedClient(db, id, 10_000);
    const retriesBefore = transactionStats.retries;
    const conflictsBefore = ledgerStats.optimisticConflicts;
    const sent = new Map<string, TransferInput[]>();
    const outcomes = new Map<string, CreateTransferResult[]>();
    await Promise.all(
      Array.from({ length: 8 }, (_, worker) => runBankWorker(worker, accounts, sent, outcomes)),
    );

    await expectSound();
    const balances = await Promise.all(accounts.map((id) => getAccount(db, id)));
    const feeIncome = (await getAccount(db, fee))?.balanceMinor ?? 0;
    expect(balances.every((a) => a && a.balanceMinor >= 0 && a.availableMinor >= 0)).toBe(true);
    expect(balances.reduce((sum, a) => sum + (a?.balanceMinor ?? 0), 0) + feeIncome).toBe(20 * 10_000);

    const stored = await db.query<{ id: string; amount_minor: number; debit_account_id: string }>(
      `SELECT id, amount_minor, debit_account_id FROM ledger_transfers WHERE starts_with(id, 'w')`,
    );
    const storedById = new Map(stored.map((row) => [row.id, row]));
    expect(storedById.size).toBe(stored.length);
    let acknowledged = 0;
    for (const [id, results] of outcomes) {
      const ok = results.filter((r) => r.ok);
      const input = sent.get(id)?.find((i) => i.id === id);
      if (ok.length > 0) {
        acknowledged++;
        expect(ok.filter((r) => r.ok && r.status === 'created').length).toBe(1);
        expect(storedById.get(id)).toMatchObject({
          amount_minor: input?.kind === 'posted' ? input.amountMinor : -1,
        });
      } else {
        expect(storedById.has(id), `${id} failed every time yet is stored`).toBe(false);
      }
    }
    expect(stored.length).toBe(acknowledged);
    console.log(
      `bank test: ${outcomes.size} ids, ${acknowledged} acknowledged, ` +
        `${ledgerStats.optimisticConflicts - conflictsBefore} optimistic conflicts, ` +
        `${transactionStats.retries - retriesBefore} transaction retries`,
    );
  }, 300_000);

  it('50 parallel debits that each want the whole balance: exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      await openFundedClient(db, `drain-${round}`, 1_000);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          createTransfer(on(i), posted(`drain-${round}-${i}`, `drain-${round}`, fee, 1_000)),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.code === 'exceeds_credits')).toHaveLength(49);
      expect(await getAccount(db, `drain-${round}`)).toMatchObject({ balanceMinor: 0 });
    }
    await expectSound();
  });

  it('post, void and expiry racing on one hold: exactly one resolves it', async () => {
    await openFundedClient(db, 'race-hold', 100_000);
    const t0 = new Date('2026-05-01T00:00:00Z');
    for (let round = 0; round < 20; round++) {
      const id = `race-${round}`;
      const hold = { ...posted(id, 'race-hold', fee, 100), kind: 'pending' as const, timeoutSeconds: 10 };
      expectCreated(await createTransfers(db, [hold], { now: t0 }));
      const early = { now: new Date(t0.getTime() + 5_000) };
      const [post, voided, expired] = await Promise.all([
        createTransfer(on(0), { kind: 'post_pending', id: `${id}-post`, pendingId: id, code: 'x' }, early),
        createTransfer(on(1), { kind: 'void_pending', id: `${id}-void`, pendingId: id, code: 'x' }, early),
        expirePendingTransfers(db, new Date(t0.getTime() + 20_000)),
      ]);
      const wins = [post.ok, voided.ok, expired.includes(id)].filter(Boolean);
      expect(wins, JSON.stringify({ post, voided, expired })).toHaveLength(1);
      for (const loser of [post, voided].filter((r) => !r.ok)) {
        expect(loser).toMatchObject({ code: 'pending_already_resolved' });
      }
      expect((await getPendingTransferState(db, id)).status).not.toBe('open');
    }
    expect(await getAccount(db, 'race-hold')).toMatchObject({ debitsPendingMinor: 0 });
    await expectSound();
  });

  it('the same id sent 20 times at once is one transfer; other fields under that id are refused', async () => {
    await openFundedClient(db, 'same-a', 10_000);
    await openFundedClient(db, 'same-b', 10_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        // Half go between other accounts, so they share no lock and meet only at the unique index.
        createTransfer(
          on(i),
          i % 2 === 0 ? posted('same-1', 'same-a', fee, 10) : posted('same-1', 'same-b', fee, 10),
        ),
      ),
    );
    const created = results.filter((r) => r.ok && r.status === 'created');
    expect(created).toHaveLength(1);
    const winner = created[0]?.ok ? created[0].transfer.debitAccountId : '';
    for (const [i, result] of results.entries()) {
      const same = (i % 2 === 0 ? 'same-a' : 'same-b') === winner;
      expect(result.ok ? 'ok' : result.code).toBe(same ? 'ok' : 'exists_with_different_fields');
    }
    expect(await db.query(`SELECT 1 FROM ledger_transfers WHERE id = 'same-1'`)).toHaveLength(1);
  });

  it("the same id sent 16 times inside callers' transactions is one transfer, each told so", async () => {
    await openFundedClient(db, 'same-tx-a', 10_000);
    await openFundedClient(db, 'same-tx-b', 0);
    const retriesBefore = transactionStats.retries;
    const send = (caller: number) =>
      withTransaction(on(caller), (tx) =>
        createTransfersInTransaction(tx, [posted('same-tx-1', 'same-tx-a', 'same-tx-b', 10)]),
      );
    // The first caller writes the transfer and holds its transaction open until the others wait
    // on the balances it locked; they then find the id taken only when they insert it, and
    // withTransaction runs each again, which finds the first caller's transfer.
    let commit = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let written = false;
    const first = withTransaction(on(0), async (tx) => {
      const results = await createTransfersInTransaction(tx, [
        posted('same-tx-1', 'same-tx-a', 'same-tx-b', 10),
      ]);
      written = true;
      await held;
      return results;
    });
    await vi.waitFor(() => expect(written).toBe(true));
    const others = Array.from({ length: 15 }, (_, i) => send(i + 1));
    try {
      await waitForLockWaiters(db, 'ledger_create_one', 15);
    } finally {
      // Let the first caller commit even when the wait failed, so nothing is left holding locks.
      commit();
    }
    const results = [await first, ...(await Promise.all(others))];
    const statuses = results.map(([result]) => (result?.ok ? result.status : result?.code));
    expect(statuses).toEqual(['created', ...Array.from({ length: 15 }, () => 'exists')]);
    expect(transactionStats.retries - retriesBefore).toBeGreaterThan(0);
    expect(await getAccount(db, 'same-tx-a')).toMatchObject({ balanceMinor: 9_990 });
    await expectSound();
  });

  it('1,000 concurrent transfers A to B and B to A never deadlock', async () => {
    await openFundedClient(db, 'ab-a', 1_000_000);
    await openFundedClient(db, 'ab-b', 1_000_000);
    const results = await Promise.all(
      Array.from({ length: 1_000 }, (_, i) =>
        createTransfer(
          on(i),
          i % 2 ? posted(`ab-${i}`, 'ab-a', 'ab-b', 7) : posted(`ab-${i}`, 'ab-b', 'ab-a', 5),
        ),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await getAccount(db, 'ab-a')).toMatchObject({ balanceMinor: 1_000_000 - 500 * 7 + 500 * 5 });
    await expectSound();
  }, 60_000);
});

/** One client of the bank test: new transfers (a tenth with a fee to the hot fee account) and retries. */
async function runBankWorker(
  worker: number,
  accounts: string[],
  sent: Map<string, TransferInput[]>,
  outcomes: Map<string, CreateTransferResult[]>,
): Promise<void> {
  const mine: TransferInput[][] = [];
  for (let n = 0; n < 1_000; n++) {
    const retry = mine.length > 0 && Math.random() < 0.1;
    const inputs = retry
      ? (mine[Math.floor(Math.random() * mine.length)] ?? [])
      : newBankCall(worker, n, accounts);
    if (!retry) mine.push(inputs);
    const results = await createTransfers(on(worker), inputs);
    for (const [i, input] of inputs.entries()) {
      sent.set(input.id, inputs);
      outcomes.set(input.id, [...(outcomes.get(input.id) ?? []), results[i] as CreateTransferResult]);
    }
  }
}

function newBankCall(worker: number, n: number, accounts: string[]): TransferInput[] {
  const from = accounts[Math.floor(Math.random() * accounts.length)] ?? '';
  const others = accounts.filter((id) => id !== from);
  const to = others[Math.floor(Math.random() * others.length)] ?? '';
  // Amounts up to 5,000 against balances near 10,000: a good share must fail for lack of funds.
  const amountMinor = 1 + Math.floor(Math.random() * 5_000);
  const id = `w${worker}-${n}`;
  if (Math.random() >= 0.1) return [posted(id, from, to, amountMinor)];
  return [posted(id, from, to, amountMinor, 'EUR', { linked: true }), posted(`${id}-fee`, from, fee, 50)];
}
