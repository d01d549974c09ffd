import { afterEach, describe, expect, it } from 'vitest';
import { ledgerAccountIdFor } from '../modules/accounts';
import { hashPassword } from '../modules/auth';
import { DEMO_HISTORY_DAYS, listMarketRates, pairRateHistory, sourcedMarketRate } from '../modules/fx-rates';
import { getAccountStatement } from '../modules/ledger';
import { listClientPayments } from '../modules/payments';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { seedDemoData } from './seed-demo-data';

// Demo operators log in with a known password: they must never land in a database that
// already holds real clients or operators, whatever started the process in demo mode.
const context = { publicUrl: 'http://localhost:3000' };
let current: TestDatabase | undefined;

afterEach(async () => {
  await current?.cleanup();
  current = undefined;
});

async function demoRows(test: TestDatabase) {
  const [row] = await test.db.query<{ clients: number; operators: number; seeded: number }>(
    `SELECT (SELECT count(*)::int FROM clients WHERE email LIKE '%@demo.test') AS clients,
            (SELECT count(*)::int FROM operators WHERE is_demo) AS operators,
            (SELECT count(*)::int FROM app_state WHERE key = 'demo_seeded_at') AS seeded`,
  );
  return row;
}

async function insertRealClient(test: TestDatabase) {
  await test.db.query(
    `INSERT INTO clients (type, first_name, last_name, email, phone, country, password_hash)
     VALUES ('PRIVATE', 'Real', 'Person', 'real.person@example.com', '+447700900123', 'GB', $1)`,
    [await hashPassword('A-real-password-1')],
  );
}

describe('seedDemoData', () => {
  it('seeds an empty database once, and a demo where a visitor signed up stays a demo', async () => {
    current = await createTestDatabase();
    expect(await seedDemoData(current.db, context)).toBe('seeded');
    expect(await seedDemoData(current.db, context)).toBe('already_seeded');
    await insertRealClient(current);
    expect(await seedDemoData(current.db, context)).toBe('already_seeded');
    const rows = await demoRows(current);
    expect(rows?.operators).toBeGreaterThan(0);
    expect(rows?.clients).toBeGreaterThan(0);

    // The private demo client's outgoing SEPA payments: every one the euro account's history
    // shows is a completed payment in the Payments list, with its payee and fee.
    const [client] = await current.db.query<{ id: string }>(
      `SELECT id FROM clients WHERE email = 'private@demo.test'`,
    );
    const id = client?.id ?? '';
    const listed = await listClientPayments(current.db, id, { page: 1, limit: 100, type: 'sepa' });
    const statement = await getAccountStatement(current.db, ledgerAccountIdFor(id, 'EUR'), {
      from: new Date(0),
      to: new Date(Date.now() + 1000),
    });
    const paidOut = new Set(
      statement?.entries
        .filter((entry) => entry.referenceType === 'payment' && entry.code === 'sepa_payment')
        .map((entry) => entry.referenceId),
    );
    expect(paidOut.size).toBeGreaterThan(0);
    expect(new Set(listed.rows.map((row) => row.id))).toEqual(paidOut);
    for (const row of listed.rows) {
      expect(row).toMatchObject({ status: 'completed', fee_minor: expect.any(Number) });
      expect(row.payee.name).toMatch(/Lindenhof|Fahrradladen/);
      expect(row.payee.iban).toMatch(/^DE/);
    }
  });

  it('dates the market rates at the seed’s clock, with a daily history of the 30 days before', async () => {
    current = await createTestDatabase();
    const now = new Date('2026-05-20T08:15:00Z');
    expect(await seedDemoData(current.db, { ...context, now })).toBe('seeded');
    const rates = await listMarketRates(current.db);
    expect(rates.length).toBeGreaterThan(100);
    expect(new Set(rates.map((rate) => rate.as_of))).toEqual(new Set(['2026-05-20']));
    const [history] = await current.db.query<{ days: number; first: string; last: string }>(
      `SELECT count(DISTINCT day)::int AS days, min(day)::text AS first, max(day)::text AS last
         FROM fx_rate_history WHERE currency = 'GBP'`,
    );
    expect(history).toEqual({ days: DEMO_HISTORY_DAYS + 1, first: '2026-04-20', last: '2026-05-20' });
    // The chart's 30 days move; a quote reads today's rate, a shipped-table rate that never ages.
    const chart = await pairRateHistory(current.db, { from: 'EUR', to: 'GBP', days: 30, now });
    expect(chart).toHaveLength(30);
    expect(new Set(chart.map((point) => point.rate)).size).toBeGreaterThan(1);
    expect(await sourcedMarketRate(current.db, 'EUR', 'GBP')).toMatchObject({
      source: 'reference',
      asOf: now,
    });
  });

  it('seeds nothing into a database that holds a real client', async () => {
    current = await createTestDatabase();
    await insertRealClient(current);
    expect(await seedDemoData(current.db, context)).toBe('real_data');
    expect(await demoRows(current)).toEqual({ clients: 0, operators: 0, seeded: 0 });
  });

  it('seeds nothing into a database that holds a real operator', async () => {
    current = await createTestDatabase();
    await current.db.query(
      `INSERT INTO operators (email, name, roles, password_hash, totp_secret_encrypted)
       VALUES ('officer@bluepeak.example', 'Real Officer', ARRAY['admin'], $1, 'not-a-real-secret')`,
      [await hashPassword('A-real-password-1')],
    );
    expect(await seedDemoData(current.db, context)).toBe('real_data');
    expect(await demoRows(current)).toEqual({ clients: 0, operators: 0, seeded: 0 });
  });
});
