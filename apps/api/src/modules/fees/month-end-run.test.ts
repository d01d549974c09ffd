import { brand, countryRegion } from '@bluepeak/core';
import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database';
import { useDemoWorld } from '../../testing/demo-world';
import { createTransfers, systemAccountId } from '../ledger';
import { monthsDue, runMonth } from './month-end-run';

// The month-end run (docs/requirements/statements.md): the monthly fee once per client per month
// however often or however brokenly it runs, and the holding fee on a known balance history.
// The month is one in the future, so the history written for it comes after the demo's.
const MONTH = '2030-03';
const at = (day: number, time = '12:00:00') => new Date(`${MONTH}-${String(day).padStart(2, '0')}T${time}Z`);

/** A database whose `failOn`-th transaction throws at its monthly statements: a run killed half-way. */
function crashingDatabase(db: Database, failOn: number): Database {
  let transactions = 0;
  const wrap = (tx: Queryable, doomed: boolean): Queryable => ({
    exec: (sql) => tx.exec(sql),
    query: (sql, params) =>
      doomed && sql.includes('INSERT INTO monthly_statements')
        ? Promise.reject(new Error('killed half-way'))
        : tx.query(sql, params),
  });
  return Object.assign(Object.create(db) as Database, {
    query: db.query.bind(db),
    exec: db.exec.bind(db),
    runInTransaction: (work: (tx: Queryable) => Promise<unknown>, isolation: never) => {
      const doomed = ++transactions === failOn;
      return db.runInTransaction((tx) => work(wrap(tx, doomed)), isolation);
    },
  });
}

describe('month-end fees', () => {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: { usd: ['private@demo.test', 'USD', 0] },
    sessions: { payments: ['payments@demo.test', true], support: ['support@demo.test', true] },
  });

  async function move(id: string, day: number, amountMinor: number, outgoing = false) {
    const external = systemAccountId('USD', 'opening_balances');
    const [result] = await createTransfers(
      test.db,
      [
        {
          kind: 'posted',
          id,
          debitAccountId: outgoing ? accounts.usd.ledgerAccountId : external,
          creditAccountId: outgoing ? external : accounts.usd.ledgerAccountId,
          amountMinor,
          currency: 'USD',
          code: 'manual_adjustment',
          referenceType: 'test',
          referenceId: id,
        },
      ],
      { now: at(day) },
    );
    expect(result?.ok).toBe(true);
  }

  it('charges the holding fee a hand calculation gives, and each fee once through a crash and reruns', async () => {
    await move('hold-1', 1, 100_000);
    await move('hold-2', 11, 200_000);
    await move('hold-3', 21, 50_000, true);
    const crashing = crashingDatabase(test.db, 2);
    await expect(runMonth(crashing, MONTH, at(31, '23:00:00'))).rejects.toThrow('killed half-way');
    const [unfinished] = await test.db.query<{ finished_at: Date | null }>(
      'SELECT finished_at FROM fee_runs WHERE month = $1',
      [MONTH],
    );
    expect(unfinished?.finished_at).toBeNull();
    const before = await test.db.query<{ client_id: string }>(
      `SELECT DISTINCT client_id FROM client_fees WHERE period = $1 AND kind = 'monthly'`,
      [MONTH],
    );
    expect(before.length).toBe(1);
    const first = await runMonth(test.db, MONTH, new Date(`2030-04-01T01:00:00Z`));
    const again = await runMonth(test.db, MONTH, new Date(`2030-04-01T02:00:00Z`));
    expect(first.clients).toBeGreaterThan(1);
    expect(again.feesRecorded).toBe(0);
    expect(again.statements).toBe(0);

    const fees = await test.db.query<{
      client_id: string;
      kind: string;
      currency: string;
      amount_minor: number;
      status: string;
      country: string;
    }>(
      `SELECT f.client_id, f.kind, f.currency, f.amount_minor, f.status, c.country FROM client_fees f
       JOIN clients c ON c.id = f.client_id WHERE f.period = $1`,
      [MONTH],
    );
    const monthly = fees.filter((fee) => fee.kind === 'monthly');
    expect(monthly.length).toBe(first.clients);
    expect(new Set(monthly.map((fee) => fee.client_id)).size).toBe(monthly.length);
    for (const fee of monthly) {
      expect(fee.amount_minor).toBe(brand.tariff.account.monthly[countryRegion(fee.country)]);
    }
    // 10 days at 1,000.00, 10 at 3,000.00, 11 at 2,500.00: 67,500.00 over 31 days; 0.0833% of
    // the average 2,177.419... is 1.8138 -> 1.81, rounded down (docs/decisions/0022).
    const usd = fees.filter((fee) => fee.kind === 'holding' && fee.currency === 'USD');
    expect(usd).toMatchObject([{ amount_minor: 181, status: 'charged' }]);
    const transfers = await test.db.query(
      `SELECT 1 FROM client_fees f JOIN ledger_transfers t ON t.id = f.transfer_id WHERE f.period = $1 AND f.kind = 'holding' AND f.currency = 'USD'`,
      [MONTH],
    );
    expect(transfers.length).toBe(1);
    // One statement per account of every client billed, the crashed run's and the rerun's together.
    const statements = await test.db.query('SELECT 1 FROM monthly_statements WHERE month = $1', [MONTH]);
    const billedAccounts = await test.db.query(
      `SELECT 1 FROM client_accounts WHERE client_id IN (SELECT client_id FROM client_fees WHERE period = $1)`,
      [MONTH],
    );
    expect(statements.length).toBe(billedAccounts.length);
    expect(first.statements).toBeLessThan(statements.length);
  });

  it('runs every month since the last finished one, however late', async () => {
    await runMonth(test.db, '2030-04', new Date('2030-05-01T01:00:00Z'));
    expect(await monthsDue(test.db, new Date('2030-07-15T00:00:00Z'))).toEqual(['2030-05', '2030-06']);
    expect(await monthsDue(test.db, new Date('2030-05-02T00:00:00Z'))).toEqual([]);
  });

  it("shows the back office the month's fees per client, and support a client's statement", async () => {
    const run = await test.app.inject({
      method: 'GET',
      url: `/api/backoffice/fee_runs?month=${MONTH}`,
      headers: sessions.payments.headers,
    });
    expect(run.statusCode, run.body).toBe(200);
    const data: {
      finished_at: string | null;
      clients: { client_id: string; fees: { kind: string; status: string }[] }[];
    } = run.json().data;
    expect(data.finished_at).not.toBeNull();
    expect(data.clients.length).toBeGreaterThan(1);
    const [client] = await test.db.query<{ id: string }>(
      `SELECT id FROM clients WHERE email = 'private@demo.test'`,
    );
    const own = data.clients.find((item) => item.client_id === client?.id);
    expect(own?.fees.map((fee) => fee.kind).sort()).toContain('monthly');
    // The USD history is in the future of the app's clock: its statement so far is the opening balance only.
    const today = new Date().toISOString().slice(0, 10);
    const statement = await test.app.inject({
      method: 'GET',
      url: `/api/backoffice/clients/${client?.id}/statements?account_id=${accounts.usd.id}&from=2026-01-01&to=${today}&format=csv`,
      headers: sessions.support.headers,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.body).toContain('opening');
    const refused = await test.app.inject({
      method: 'GET',
      url: `/api/backoffice/fee_runs?month=${MONTH}`,
      headers: sessions.support.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
