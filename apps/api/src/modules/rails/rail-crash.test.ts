import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPackageRoot, repositoryRoot } from '../../lib/package-root';
import { useDemoWorld } from '../../testing/demo-world';
import { testDatabaseDriver } from '../../testing/test-database';
import { checkLedgerInvariants } from '../ledger';
import { balanceOf, confirmByCode, postPayment } from '../payments/testing/payment-fixtures';
import { runClearingSimulator } from './rail-worker';
import type { RailStep } from './settle-payment';

// docs/reliability.md, T5: the rail worker dies at each recovery point in turn, a restarted worker
// finishes the work, and every payment still has exactly one submission, exactly one terminal
// state and exactly its own ledger transfers. SEPA and Faster Payments, each settled and
// returned, all confirmed through the API as a client would.
const ALICE = 'private@demo.test';
const STEPS: readonly RailStep[] = [
  'submit_claimed',
  'submit_marked',
  'submit_committed',
  'settle_claimed',
  'holds_resolved',
  'outcome_applied',
];

// Dozens of codes are entered here, far past the per-IP limit this test is not about.
const { test, accounts, sessions } = useDemoWorld({
  accounts: { eur: [ALICE, 'EUR', 10_000_000], gbp: [ALICE, 'GBP', 10_000_000] },
  sessions: { alice: [ALICE] },
  config: { RATE_LIMIT_ALLOW: '127.0.0.1' },
});

type Case = {
  id: string;
  account: 'eur' | 'gbp';
  total: number;
  fee: number;
  expected: 'completed' | 'returned';
};

class SimulatedCrash extends Error {}

async function confirmedPayment(rail: 'sepa' | 'faster_pay', payeeName: string): Promise<Case> {
  const body =
    rail === 'sepa'
      ? {
          type: 'sepa',
          account_id: accounts.eur.id,
          amount: 1_000,
          currency: 'EUR',
          recipient: { name: payeeName, iban: 'DE89370400440532013000' },
        }
      : {
          type: 'faster_pay',
          account_id: accounts.gbp.id,
          amount: 700,
          currency: 'GBP',
          recipient: { name: payeeName, sort_code: '200000', account_number: '55779911' },
        };
  const payment = (await postPayment(test.app, sessions.alice, body)).json().data;
  const confirmed = await confirmByCode(test.app, sessions.alice, ALICE, payment.id);
  expect(confirmed.json().data.status, confirmed.body).toBe('processing');
  const expected = payeeName.includes('RETURN') ? 'returned' : 'completed';
  const account = rail === 'sepa' ? 'eur' : 'gbp';
  return { id: payment.id, account, total: payment.total, fee: payment.fee, expected };
}

/** One payment per rail and outcome, confirmed and queued for the rail. */
async function confirmedBatch(): Promise<Case[]> {
  const cases: Case[] = [];
  for (const rail of ['sepa', 'faster_pay'] as const) {
    cases.push(await confirmedPayment(rail, 'Erika Mustermann'));
    cases.push(await confirmedPayment(rail, 'Please RETURN me'));
  }
  return cases;
}

async function balances() {
  return { eur: await balanceOf(test.db, accounts.eur), gbp: await balanceOf(test.db, accounts.gbp) };
}

function expectedTransfers(payment: Case): string[] {
  const resolution = payment.expected === 'completed' ? 'post' : 'void';
  const holds = payment.fee > 0 ? ['fee', 'hold'] : ['hold'];
  return holds.flatMap((hold) => [
    `payment:${payment.id}:${hold}`,
    `payment:${payment.id}:${hold}:${resolution}`,
  ]);
}

/** Exactly one submission, one terminal state and the payment's own transfers, each once. */
async function expectExactlyOnce(cases: Case[], before: Awaited<ReturnType<typeof balances>>) {
  for (const payment of cases) {
    const [submission] = await test.db.query<{ state: string; attempts: number }>(
      'SELECT state, attempts FROM rail_submissions WHERE payment_id = $1',
      [payment.id],
    );
    const rail = payment.expected === 'completed' ? 'settled' : 'returned';
    expect(submission, payment.id).toEqual({ state: rail, attempts: 1 });
    const events = await test.db.query<{ status: string }>(
      'SELECT status FROM payment_events WHERE payment_id = $1 ORDER BY id',
      [payment.id],
    );
    expect(events.map((event) => event.status)).toEqual([
      'created',
      'awaiting_confirmation',
      'processing',
      payment.expected,
    ]);
    const transfers = await test.db.query<{ id: string }>(
      `SELECT id FROM ledger_transfers WHERE id LIKE 'payment:' || $1 || ':%' ORDER BY id`,
      [payment.id],
    );
    expect(transfers.map((transfer) => transfer.id)).toEqual(expectedTransfers(payment).sort());
  }
  // Settled payments took their total; returned ones gave everything back; nothing is held.
  const paid = (account: Case['account']) =>
    cases
      .filter((payment) => payment.account === account && payment.expected === 'completed')
      .reduce((sum, payment) => sum + payment.total, 0);
  const after = await balances();
  for (const currency of ['eur', 'gbp'] as const) {
    const balance = before[currency].balance - paid(currency);
    expect(after[currency], currency).toEqual({ balance, available: balance });
  }
  const report = await checkLedgerInvariants(test.db);
  expect(report.breaks).toEqual([]);
}

describe('the rail worker crashing in-process at each recovery point', () => {
  for (const step of STEPS) {
    it(`recovers from a crash at ${step}, for every payment in turn`, async () => {
      const before = await balances();
      const cases = await confirmedBatch();
      // The fake rail: what the worker reached, by payment, and a crash at `step` once each.
      const reached: [RailStep, string][] = [];
      const crashed = new Set<string>();
      const crashAt = (at: RailStep, paymentId: string) => {
        reached.push([at, paymentId]);
        if (at !== step || crashed.has(paymentId)) return;
        crashed.add(paymentId);
        throw new SimulatedCrash(`crash at ${step} for ${paymentId}`);
      };
      let restarts = 0;
      for (;;) {
        try {
          await runClearingSimulator(test.db, { delaySeconds: 0, crashAt });
          break;
        } catch (error) {
          if (!(error instanceof SimulatedCrash)) throw error;
          restarts++;
          expect(restarts).toBeLessThanOrEqual(cases.length);
        }
      }
      expect([...crashed].sort()).toEqual(cases.map((payment) => payment.id).sort());
      for (const payment of cases) {
        const submissions = reached.filter(([at, id]) => at === 'submit_committed' && id === payment.id);
        expect(submissions, payment.id).toHaveLength(1);
      }
      // A restarted worker finds nothing left to do.
      expect(await runClearingSimulator(test.db, { delaySeconds: 0 })).toEqual({
        submitted: 0,
        resolved: 0,
        expired: 0,
      });
      await expectExactlyOnce(cases, before);
    });
  }
});

// The same with a real process killed by SIGKILL mid-step (PostgreSQL only: the worker
// process needs a database of its own to reach, which in-memory PGlite is not).
describe.runIf(testDatabaseDriver() === 'postgres')('the rail worker process killed mid-step', () => {
  const script = join(apiPackageRoot(), 'src', 'modules', 'rails', 'testing', 'rail-crash-process.ts');

  function runWorkerProcess(schema: string, step: RailStep) {
    return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>(
      (resolve, reject) => {
        // Node itself runs the script (tsx only as a loader), so the signal reaches this process.
        const args = ['--import', 'tsx', script, schema, step, new Date().toISOString()];
        const child = spawn(process.execPath, args, {
          cwd: repositoryRoot(),
          env: process.env,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.on('error', reject);
        child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
      },
    );
  }

  /** The restarted worker: runs until every payment is final, as its next ticks would. */
  async function restartUntilFinal(cases: Case[]) {
    const ids = cases.map((payment) => payment.id);
    for (let tick = 0; tick < 50; tick++) {
      await runClearingSimulator(test.db, { delaySeconds: 0 });
      const [open] = await test.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM payments WHERE id = ANY($1::uuid[]) AND status = 'processing'`,
        [ids],
      );
      if (open?.n === 0) return tick;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('payments still processing after 50 ticks');
  }

  for (const step of STEPS) {
    it(`recovers after the process is killed at ${step}`, async () => {
      const [{ schema } = { schema: '' }] = await test.db.query<{ schema: string }>(
        'SELECT current_schema() AS schema',
      );
      const before = await balances();
      const cases = await confirmedBatch();
      const killed = await runWorkerProcess(schema, step);
      expect({ signal: killed.signal, code: killed.code }, killed.stderr).toEqual({
        signal: 'SIGKILL',
        code: null,
      });
      await restartUntilFinal(cases);
      await expectExactlyOnce(cases, before);
    }, 60_000);
  }
});
