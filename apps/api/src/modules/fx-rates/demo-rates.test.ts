import { fxReferenceRates, parseExchangeRate } from '@bluepeak/core/fx-rates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { withTransaction } from '../../db/transaction';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { demoRatesOf, demoWobblePpm } from './demo-rate-wobble';
import { keepDemoRatesCurrent } from './demo-rates';
import { demoRatesJob } from './demo-rates-job';
import { listRateHistory } from './fx-rate-history-rows';
import { listFxRatesOf } from './fx-rate-rows';
import { listMarketRates, storeFeedRates } from './fx-rates';
import { pairRateHistory } from './rate-history';

// The demo's own rate source (decision 0049): reproducible rates near the shipped table, dated the
// day they are of, with the 30 days before; an operator's or a feed's rate is never touched.
describe('the demo rates', () => {
  it('are the same for the same day, within 1.2% of the reference rate, and move from day to day', () => {
    expect(demoRatesOf('2026-03-15')).toEqual(demoRatesOf('2026-03-15'));
    const days = Array.from({ length: 30 }, (_, index) =>
      new Date(Date.UTC(2026, 2, 1 + index)).toISOString().slice(0, 10),
    );
    for (const day of days) {
      expect(demoRatesOf(day).EUR).toBe('1');
      for (const [code, rate] of Object.entries(demoRatesOf(day))) {
        expect(Math.abs(demoWobblePpm(code, day)), `${code} ${day}`).toBeLessThanOrEqual(12_000);
        const reference = Number(fxReferenceRates[code]);
        expect(Math.abs(Number(rate) / reference - 1), `${code} ${day}`).toBeLessThan(0.0121);
        expect(() => parseExchangeRate('EUR', code, rate)).not.toThrow();
      }
    }
    const gbp = new Set(days.map((day) => demoRatesOf(day).GBP));
    expect(gbp.size).toBeGreaterThan(20);
  });
});

describe('keeping the demo rates current', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.cleanup());

  const now = new Date('2026-03-15T10:00:00Z');
  const rowOf = async (currency: string) =>
    (await listMarketRates(test.db)).find((rate) => rate.currency === currency);

  it('dates the rates today and records the 30 days before, once a day', async () => {
    const moved = await withTransaction(test.db, (tx) => keepDemoRatesCurrent(tx, now));
    expect(moved).toBe(Object.keys(fxReferenceRates).length);
    const gbp = await rowOf('GBP');
    expect(gbp).toEqual({
      currency: 'GBP',
      rate_per_eur: demoRatesOf('2026-03-15').GBP,
      source: 'reference',
      as_of: '2026-03-15',
      updated_at: now.toISOString(),
    });

    const history = await listRateHistory(test.db, { currencies: ['GBP'], sinceDay: '2026-01-01' });
    expect(history.map((row) => row.day)).toHaveLength(31);
    expect(history[0]).toMatchObject({ day: '2026-02-13', rate_per_eur: demoRatesOf('2026-02-13').GBP });
    expect(history.at(-1)?.day).toBe('2026-03-15');

    // The chart's 30 days: one point a day, and not a flat line.
    const chart = await pairRateHistory(test.db, { from: 'EUR', to: 'GBP', days: 30, now });
    expect(chart).toHaveLength(30);
    expect(chart.at(-1)?.day).toBe('2026-03-15');
    expect(new Set(chart.map((point) => point.rate)).size).toBeGreaterThan(20);

    expect(await withTransaction(test.db, (tx) => keepDemoRatesCurrent(tx, now))).toBe(0);
  });

  it('moves on the next day, leaving a rate a feed delivered as it was', async () => {
    await withTransaction(test.db, (tx) =>
      storeFeedRates(tx, {
        rates: { USD: '1.1572' },
        source: 'ecb_upload',
        day: '2026-03-15',
        at: new Date('2026-03-15T15:00:00Z'),
      }),
    );
    const tomorrow = new Date('2026-03-16T00:30:00Z');
    await withTransaction(test.db, (tx) => keepDemoRatesCurrent(tx, tomorrow));
    expect(await rowOf('GBP')).toMatchObject({ rate_per_eur: demoRatesOf('2026-03-16').GBP });
    expect(await rowOf('USD')).toMatchObject({ source: 'ecb_upload', rate_per_eur: '1.1572' });
    const usd = await listRateHistory(test.db, { currencies: ['USD'], sinceDay: '2026-03-15' });
    expect(usd).toEqual([expect.objectContaining({ day: '2026-03-15', source: 'ecb_upload' })]);
  });
});

describe('the demo-rates job', () => {
  const failures: unknown[] = [];
  const log = { info: () => {}, warn: () => {}, error: (...fields: unknown[]) => failures.push(fields) };
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.cleanup());

  it('does nothing outside demo mode, and records today before the server listens in it', async () => {
    const off = await demoRatesJob.start({
      db: test.db,
      config: testConfig({ DEMO_MODE: 'off' }),
      log,
    });
    await off();
    expect(await test.db.query('SELECT 1 FROM fx_rate_history')).toEqual([]);
    expect(await listFxRatesOf(test.db, ['GBP'])).toEqual([]);

    const stop = await demoRatesJob.start({ db: test.db, config: testConfig(), log });
    await stop();
    expect(failures).toEqual([]);
    const [gbp] = await listFxRatesOf(test.db, ['GBP']);
    expect(gbp?.updated_at.toISOString().slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
  });
});
