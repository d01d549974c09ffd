import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { latestCode } from '../payments/testing/payment-fixtures';
import { A, csvOf, IBAN, useBatchApi } from './testing/batch-api';

// A draft's review (docs/requirements/batch-payments.md, "Checks per row"): a row like a payment
// of the last 30 days is a warning the client confirms past with `pay_duplicates`, read against
// the payments as they are when asked; every row with problems is removed in one call.
const { test, accounts, sessions, upload, uploadRows, call, confirmedBatch } = useBatchApi();

const auditOf = async (batchId: string, action: string) =>
  test.db.query<{ details: Record<string, unknown> }>(
    'SELECT details FROM audit_log WHERE object_id = $1 AND action = $2 ORDER BY id',
    [batchId, action],
  );

describe('a row like a payment of the last 30 days', () => {
  it('is a warning with the payment it looks like, confirmed only with pay_duplicates', async () => {
    // The business pays Payee 0 70.00 EUR (with no description) through a batch of one.
    await confirmedBatch(1, 7_000);
    const created = await uploadRows(sessions.a, accounts.aEur.id, [
      { name: 'Payee 0', iban: IBAN, amount: 7_000, currency: 'EUR' },
      { name: 'Payee 0', iban: IBAN, amount: 7_000, currency: 'EUR', description: 'May rent' },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ rows_valid: 2, rows_invalid: 0, rows_duplicate: 1 });
    const [same, other] = (await call(sessions.a, 'GET', `/${id}/rows`)).json().data;
    expect(same).toMatchObject({
      status: 'valid',
      errors: [],
      duplicate_of: {
        payment_id: expect.any(String),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        amount: 7_000,
        currency: 'EUR',
        name: 'Payee 0',
      },
    });
    // Another description is another payment.
    expect(other.duplicate_of).toBeNull();

    // The code may be sent; confirming needs the client's word, and the refusal keeps the code.
    expect((await call(sessions.a, 'POST', `/${id}/code`)).statusCode).toBe(201);
    const code = await latestCode(test.app, A);
    const refused = await call(sessions.a, 'POST', `/${id}/confirm`, { code });
    expectProblem(refused, 409, 'batch_has_possible_duplicates');
    expect(refused.json().message).toMatch(/^Row 1 looks like a payment you made in the last 30 days/);
    const unsaid = await call(sessions.a, 'POST', `/${id}/confirm`, { code, pay_duplicates: false });
    expectProblem(unsaid, 409, 'batch_has_possible_duplicates');
    const paid = await call(sessions.a, 'POST', `/${id}/confirm`, { code, pay_duplicates: true });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'processing', rows_total: 2, rows_duplicate: 0 });
    expect((await auditOf(id, 'batch.confirmed'))[0]?.details).toMatchObject({
      rows: 2,
      duplicates_paid: 1,
    });
    // A confirmed row is its own payment, never its own duplicate.
    const sent = (await call(sessions.a, 'GET', `/${id}/rows`)).json().data;
    expect(sent.map((row: { duplicate_of: unknown }) => row.duplicate_of)).toEqual([null, null]);
  });

  it('is read as the payments are now: the copy of a batch paid since its upload, until it changes', async () => {
    const rows = [{ name: 'Twice Sent', iban: IBAN, amount: 7_100, currency: 'EUR', description: 'Twice' }];
    const first = (await uploadRows(sessions.a, accounts.aEur.id, rows)).json().data;
    const copy = (await uploadRows(sessions.a, accounts.aEur.id, rows)).json().data;
    expect([first.rows_duplicate, copy.rows_duplicate]).toEqual([0, 0]);
    expect((await call(sessions.a, 'POST', `/${first.id}/code`)).statusCode).toBe(201);
    const confirmed = await call(sessions.a, 'POST', `/${first.id}/confirm`, {
      code: await latestCode(test.app, A),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    expect((await call(sessions.a, 'GET', `/${copy.id}`)).json().data.rows_duplicate).toBe(1);
    const [row] = (await call(sessions.a, 'GET', `/${copy.id}/rows`)).json().data;
    expect(row.duplicate_of).toMatchObject({ amount: 7_100, name: 'Twice Sent' });
    expect((await call(sessions.a, 'POST', `/${copy.id}/code`)).statusCode).toBe(201);
    expectProblem(
      await call(sessions.a, 'POST', `/${copy.id}/confirm`, { code: await latestCode(test.app, A) }),
      409,
      'batch_has_possible_duplicates',
    );
    // Fixed to another amount, it is no longer the same payment.
    const fixed = await call(sessions.a, 'PATCH', `/${copy.id}/rows/${row.id}`, { amount: 7_150 });
    expect(fixed.json().data).toMatchObject({ status: 'valid', duplicate_of: null });
    const again = await call(sessions.a, 'PATCH', `/${copy.id}/rows/${row.id}`, { amount: 7_100 });
    expect(again.json().data.duplicate_of).toMatchObject({ amount: 7_100 });
  });
});

describe('removing every row with problems', () => {
  it('drops the rows with errors in one call, keeps the valid ones, and the counts follow', async () => {
    const data = csvOf([
      ['Good Payee', IBAN, '10.00', 'EUR', 'Mixed 1'],
      ['Bad Iban', 'DE00370400440532013000', '20.00', 'EUR', 'Mixed 2'],
      ['Other Good', IBAN, '30.00', 'EUR', 'Mixed 3'],
      ['A Debit Sign', IBAN, '-50.00', 'EUR', 'Mixed 4'],
    ]);
    const created = (await upload(sessions.a, accounts.aEur.id, { name: 'mixed.csv', data })).json().data;
    expect(created).toMatchObject({ rows_total: 4, rows_valid: 2, rows_invalid: 2 });
    const id = created.id;

    expectProblem(await call(sessions.b, 'DELETE', `/${id}/rows?status=invalid`), 404);
    // The filter is said in so many words: no call removes every row by accident.
    expectProblem(await call(sessions.a, 'DELETE', `/${id}/rows`), 400);
    expectProblem(await call(sessions.a, 'DELETE', `/${id}/rows?status=valid`), 400);

    const removed = await call(sessions.a, 'DELETE', `/${id}/rows?status=invalid`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({
      status: 'draft',
      rows_total: 2,
      rows_valid: 2,
      rows_invalid: 0,
      totals: [{ currency: 'EUR', amount: 4_000, rows: 2 }],
      rows_by_status: { valid: 2 },
    });
    const left = (await call(sessions.a, 'GET', `/${id}/rows`)).json().data;
    expect(left.map((row: { row: number; name: string }) => [row.row, row.name])).toEqual([
      [1, 'Good Payee'],
      [3, 'Other Good'],
    ]);
    expect(await auditOf(id, 'batch.rows_removed')).toEqual([{ details: { rows: 2, first_rows: [2, 4] } }]);

    // Nothing left to remove: the same answer, and nothing audited.
    const again = await call(sessions.a, 'DELETE', `/${id}/rows?status=invalid`);
    expect(again.json().data).toMatchObject({ rows_total: 2, rows_invalid: 0 });
    expect(await auditOf(id, 'batch.rows_removed')).toHaveLength(1);

    // A confirmed batch no longer changes.
    expect((await call(sessions.a, 'POST', `/${id}/code`)).statusCode).toBe(201);
    const code = await latestCode(test.app, A);
    expect((await call(sessions.a, 'POST', `/${id}/confirm`, { code })).statusCode).toBe(200);
    expectProblem(await call(sessions.a, 'DELETE', `/${id}/rows?status=invalid`), 409, 'batch_not_draft');
  });
});
