import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';
import { ECB_DAILY_XML } from '../fx-rates/testing/ecb-samples';
import { confirm, quote } from './testing/exchange-fixtures';

// The back office's FX desk: loading the ECB file, the rates' source and age in quotes, the
// history, the exchanges list, the FX position and income.
describe('the FX desk', () => {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: { eur: ['private@demo.test', 'EUR', 1_000_000], usd: ['private@demo.test', 'USD', 0] },
    sessions: {
      alice: ['private@demo.test'],
      payments: ['payments@demo.test', true],
      support: ['support@demo.test', true],
    },
  });
  const get = (url: string, who = sessions.payments) =>
    test.app.inject({ method: 'GET', url, headers: who.headers });
  const upload = (text: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/backoffice/fx-rates/upload',
      headers: sessions.payments.headers,
      payload: { file_name: 'eurofxref.xml', data: Buffer.from(text).toString('base64') },
    });

  it('loads the ECB file: its rates, source and day are what the next quote uses', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const loaded = await upload(ECB_DAILY_XML.replace('2026-11-25', today));
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json().data).toMatchObject({ source: 'ecb_upload', day: today, currencies: 3 });
    const response = await quote(test.app, sessions.alice, {
      from_account_id: accounts.eur.id,
      to_account_id: accounts.usd.id,
      sell_amount: 10_000,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      market_rate: '1.157200',
      rate_source: 'ecb_upload',
      buy_amount: 11_456, // 99.00 EUR at 1.1572 is 114.5628 USD, rounded down (decision 0045)
    });
    const history = await get('/api/backoffice/fx-rates/history?currency=USD');
    expect(history.json().data.at(-1)).toMatchObject({
      currency: 'USD',
      day: today,
      rate_per_eur: '1.1572',
      source: 'ecb_upload',
    });
  });

  it('refuses to quote on a feed rate older than the configured age', async () => {
    const loaded = await upload(ECB_DAILY_XML.replace('2026-11-25', '2020-01-06'));
    expect(loaded.statusCode).toBe(200);
    await test.db.query(`UPDATE fx_rates SET updated_at = '2020-01-06T15:00:00Z' WHERE currency = 'USD'`);
    const refused = await quote(test.app, sessions.alice, {
      from_account_id: accounts.eur.id,
      to_account_id: accounts.usd.id,
      sell_amount: 10_000,
    });
    expectProblem(refused, 422, 'fx_rate_stale');
    expect(refused.json().detail).toMatch(/2020-01-06/);
    const today = new Date().toISOString().slice(0, 10);
    expect((await upload(ECB_DAILY_XML.replace('2026-11-25', today))).statusCode).toBe(200);
  });

  it('refuses a file that is not the ECB’s', async () => {
    expectProblem(await upload('<html>nope</html>'), 422, 'rate_file_invalid');
  });

  it('lists exchanges with filters, the FX position and income', async () => {
    const quoted = (
      await quote(test.app, sessions.alice, {
        from_account_id: accounts.eur.id,
        to_account_id: accounts.usd.id,
        sell_amount: 20_000,
      })
    ).json().data;
    expect((await confirm(test.app, sessions.alice, quoted.id)).statusCode).toBe(200);
    const list = await get('/api/backoffice/exchanges?status=completed&currency=USD');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      id: quoted.id,
      status: 'completed',
      client_name: 'Alex Morgan',
    });
    expect(
      (await get('/api/backoffice/exchanges?status=expired&currency=USD'))
        .json()
        .data.map((row: { id: string }) => row.id),
    ).not.toContain(quoted.id);
    const position = (await get('/api/backoffice/fx-position')).json().data;
    expect(position.find((row: { currency: string }) => row.currency === 'USD').position).toBeLessThanOrEqual(
      -quoted.buy_amount,
    );
    expect(
      position.find((row: { currency: string }) => row.currency === 'EUR').position,
    ).toBeGreaterThanOrEqual(20_000 - quoted.fee);
    const income = (await get('/api/backoffice/fx-income')).json().data;
    expect(income.find((row: { currency: string }) => row.currency === 'EUR').income).toBeGreaterThanOrEqual(
      quoted.fee,
    );
  });

  it('keeps the desk to payments operators', async () => {
    expectProblem(await get('/api/backoffice/exchanges', sessions.support), 403);
    expectProblem(await get('/api/backoffice/fx-position', sessions.support), 403);
  });
});
