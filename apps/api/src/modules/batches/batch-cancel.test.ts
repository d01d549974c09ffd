import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants } from '../ledger';
import { balanceOf, latestCode } from '../payments/testing/payment-fixtures';
import { A, useBatchApi } from './testing/batch-api';

// After the code (docs/requirements/batch-payments.md "Afterwards", "Back office"): the client
// cancels the rows not yet sent and gets their money back; an operator holds and returns a batch.
const { test, accounts, sessions, uploadRows, call } = useBatchApi();
const IBAN = 'DE89370400440532013000';

async function confirmedBatch(rows: number) {
  const typed = Array.from({ length: rows }, (_, at) => ({
    name: `Payee ${at}`,
    iban: IBAN,
    amount: 1_000 + at,
    currency: 'EUR',
  }));
  const created = await uploadRows(sessions.a, accounts.aEur.id, typed);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  await call(sessions.a, 'POST', `/${id}/code`);
  const confirmed = await call(sessions.a, 'POST', `/${id}/confirm`, { code: await latestCode(test.app, A) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return id;
}

const operator = (path: string, reason: string) =>
  test.app.inject({
    method: 'POST',
    url: `/api/backoffice/batches${path}`,
    headers: sessions.operator.headers,
    payload: { reason },
  });

describe('a confirmed batch', () => {
  it('cancels the rows that have not left and gives their money back', async () => {
    const before = await balanceOf(test.db, accounts.aEur);
    const id = await confirmedBatch(3);
    expect((await balanceOf(test.db, accounts.aEur)).available).toBeLessThan(before.available);
    const cancelled = await call(sessions.a, 'POST', `/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.rows_by_status).toEqual({ cancelled: 3 });
    expect(await balanceOf(test.db, accounts.aEur)).toEqual(before);
    expectProblem(
      await call(sessions.a, 'PATCH', `/${id}/rows/${id}`, { name: 'Other' }),
      409,
      'batch_not_draft',
    );
  });

  it('is held and returned by an operator with a reason', async () => {
    const before = await balanceOf(test.db, accounts.aEur);
    const id = await confirmedBatch(2);
    const held = await operator(`/${id}/hold`, 'Checking the payees');
    expect(held.json().data).toMatchObject({ status: 'on_hold', rows_changed: 2 });
    expect((await operator(`/${id}/release`, 'Checked')).json().data.status).toBe('processing');
    const returned = await operator(`/${id}/return`, 'Refused by compliance');
    expect(returned.json().data).toMatchObject({ status: 'returned', rows_changed: 2 });
    expect(await balanceOf(test.db, accounts.aEur)).toEqual(before);
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/batches',
      headers: sessions.operator.headers,
    });
    expect(listed.json().data.map((batch: { id: string }) => batch.id)).toContain(id);
    expect(listed.json().meta).toMatchObject({ page: 1, limit: 20, total_pages: 1 });
    const one = await test.app.inject({
      method: 'GET',
      url: `/api/backoffice/batches/${id}`,
      headers: sessions.operator.headers,
    });
    expect(one.json().data).toMatchObject({ id, status: 'returned', client_name: expect.any(String) });
    expect(one.json().data.rows_by_status).toEqual({ returned: 2 });
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('flags a row paid in the last 30 days', async () => {
    await confirmedBatch(1);
    const row = { name: 'Payee 0', iban: IBAN, amount: 1_000, currency: 'EUR' };
    const again = await uploadRows(sessions.a, accounts.aEur.id, [row]);
    expect(again.json().data).toMatchObject({ rows_invalid: 1 });
  });
});
