import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';

type Line = { direction: 'credit' | 'debit'; amount: number; balance_after: number; event_at: string };
type Statement = {
  account: { id: string; balance: number; currency: { code: string } };
  from: string;
  to: string;
  opening_balance: number;
  closing_balance: number;
  total_credits: number;
  total_debits: number;
  transactions: { data: Line[] };
};

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

// Statements (docs/requirements/accounts.md, /dashboard/statements) on the demo clients' months of history.
describe('account statements', () => {
  const { test, sessions } = useDemoWorld({
    sessions: { alex: ['private@demo.test'], northwind: ['business@demo.test'] },
  });
  let eurAccountId: string;
  beforeAll(async () => {
    const groups = await test.app.inject({
      method: 'GET',
      url: '/api/client/accounts',
      headers: sessions.alex.headers,
    });
    const accounts: { id: string; currency: { code: string } }[] = groups.json().data[0].accounts.data;
    eurAccountId = accounts.find((account) => account.currency.code === 'EUR')?.id ?? '';
  });

  const inject = (options: InjectOptions) => test.app.inject(options);
  async function statement(from: string, to: string, session = sessions.alex): Promise<Statement> {
    const response = await inject({
      method: 'GET',
      url: `/api/client/accounts/${eurAccountId}/statement?from=${from}&to=${to}`,
      headers: session.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  it('adds up: opening + credits - debits = closing, each line on the last, ending at the balance', async () => {
    const year = await statement(day(-365), day(0));
    expect(year.transactions.data.length).toBeGreaterThan(5);
    expect(year.opening_balance + year.total_credits - year.total_debits).toBe(year.closing_balance);
    let running = year.opening_balance;
    for (const line of year.transactions.data) {
      running += line.direction === 'credit' ? line.amount : -line.amount;
      expect(line.balance_after).toBe(running);
    }
    expect(running).toBe(year.closing_balance);
    expect(year.closing_balance).toBe(year.account.balance);
    const times = year.transactions.data.map((line) => line.event_at);
    expect([...times].sort()).toEqual(times);
  });

  it('joins consecutive periods: one closes where the next opens, and together they make the whole', async () => {
    const whole = await statement(day(-120), day(0));
    const first = await statement(day(-120), day(-61));
    const second = await statement(day(-60), day(0));
    expect(first.closing_balance).toBe(second.opening_balance);
    expect(first.opening_balance).toBe(whole.opening_balance);
    expect(second.closing_balance).toBe(whole.closing_balance);
    expect(first.transactions.data.length + second.transactions.data.length).toBe(
      whole.transactions.data.length,
    );
    const empty = await statement('2001-01-01', '2001-01-31');
    expect(empty).toMatchObject({
      opening_balance: 0,
      closing_balance: 0,
      total_credits: 0,
      total_debits: 0,
    });
  });

  it('refuses impossible, reversed, too long and malformed periods with 400 (bad inputs 16 and 17)', async () => {
    const bad = [
      'from=2026-02-30&to=2026-03-01',
      `from=${day(0)}&to=${day(-1)}`,
      `from=${day(-400)}&to=${day(0)}`,
      'from=2026-1-1&to=2026-01-31',
      'from=01-01-2026&to=31-01-2026',
      'to=2026-01-31',
      'from=2026-01-01&to=2026-01-31&limit=5',
      'from=2026-01-01&from=2026-01-02&to=2026-01-31',
      "from=2026-01-01'--&to=2026-01-31",
    ];
    for (const query of bad) {
      const response = await inject({
        method: 'GET',
        url: `/api/client/accounts/${eurAccountId}/statement?${query}`,
        headers: sessions.alex.headers,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors.length, query).toBeGreaterThan(0);
    }
  });

  it("never shows another client's statement: 404, and 401 without a session", async () => {
    for (const url of [
      `/api/client/accounts/${eurAccountId}/statement?from=${day(-30)}&to=${day(0)}`,
      `/api/client/accounts/${eurAccountId}/statement.csv?from=${day(-30)}&to=${day(0)}`,
    ]) {
      expectProblem(await inject({ method: 'GET', url, headers: sessions.northwind.headers }), 404);
      expectProblem(await inject({ method: 'GET', url }), 401);
    }
  });

  it('downloads the same statement as a CSV attachment', async () => {
    const json = await statement(day(-365), day(0));
    const response = await inject({
      method: 'GET',
      url: `/api/client/accounts/${eurAccountId}/statement.csv?from=${day(-365)}&to=${day(0)}`,
      headers: sessions.alex.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="statement-EUR-/);
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = response.body.trim().split('\r\n');
    expect(rows[0]).toBe('Date,Description,Reference,Debit,Credit,Balance,Currency');
    expect(rows).toHaveLength(json.transactions.data.length + 3);
    expect(rows.at(-1)).toContain('Closing balance');
  });
});
