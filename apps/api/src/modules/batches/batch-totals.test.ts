import { maxAmountMinor, maxBatchTotalMinor } from '@bluepeak/core/fees';
import { describe, expect, it } from 'vitest';
import { useBatchApi } from './testing/batch-api';

// Each row stays within its currency's maximum, yet a thousand of them in a currency of small
// units would add up past 2^53 minor units. A batch carries at most forty maxima per currency
// (docs/requirements/batch-payments.md "Limits"): the rows past that are refused, each naming its
// amount, and every total the batch answers is exact.
const { accounts, sessions, uploadRows, call } = useBatchApi();

const CURRENCY = 'IDR';
const half = Math.floor(maxAmountMinor(CURRENCY) / 2);
const row = (at: number, amount = half - at) => ({
  name: `Payee ${at}`,
  iban: 'GB82WEST12345698765432',
  bic: 'WESTGB2L',
  bank_name: 'West Bank',
  address: '1 High Street, London',
  amount,
  currency: CURRENCY,
});

describe('a batch whose rows would add up past its limit', () => {
  it('refuses the rows past it and answers exact totals, never a 500', async () => {
    const created = await uploadRows(
      sessions.a,
      accounts.aEur.id,
      Array.from({ length: 1_000 }, (_, at) => row(at)),
    );
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    const [total] = batch.totals;
    expect(total.currency).toBe(CURRENCY);
    expect(total.amount).toBeLessThanOrEqual(maxBatchTotalMinor(CURRENCY));
    expect(total.amount).toBe(
      Array.from({ length: total.rows }, (_, at) => half - at).reduce((a, b) => a + b),
    );
    expect(batch.rows_valid + batch.rows_invalid).toBe(1_000);
    expect(batch.rows_invalid).toBeGreaterThan(900);

    const invalid = await call(sessions.a, 'GET', `/${batch.id}/rows?status=invalid&limit=1`);
    const [refused] = invalid.json().data;
    expect(refused.errors).toEqual([
      {
        field: 'amount',
        message: expect.stringMatching(/^One batch carries at most 400 000 000.00 EUR: send/),
      },
    ]);

    // Fixing a row in place counts the other rows too: a valid row made larger is refused.
    const valid = (await call(sessions.a, 'GET', `/${batch.id}/rows?status=valid&limit=1`)).json().data[0];
    const grown = await call(sessions.a, 'PATCH', `/${batch.id}/rows/${valid.id}`, {
      amount: Math.floor(maxAmountMinor(CURRENCY) * 0.98),
    });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json().data.errors[0]?.message).toMatch(/^One batch carries at most/);
    // Shrunk, it fits again.
    const shrunk = await call(sessions.a, 'PATCH', `/${batch.id}/rows/${valid.id}`, { amount: 1_000_00 });
    expect(shrunk.json().data.errors).toEqual([]);
  });
});
