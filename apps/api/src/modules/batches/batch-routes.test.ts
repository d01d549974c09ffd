import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants } from '../ledger';
import { balanceOf, latestCode } from '../payments/testing/payment-fixtures';
import { A, csvOf, IBAN, newKey, useBatchApi } from './testing/batch-api';

// Batch payments end to end through the API (docs/requirements/batch-payments.md): a CSV with
// bad rows, fixing and removing rows, one code bound to the rows, one hold for the whole batch,
// the rails settling or rejecting each row, the results file, and the ledger's invariants; after
// the code ("Afterwards", "Back office"), the client cancels the rows not yet sent and gets their
// money back, and an operator holds and returns a batch. One world for all of them.
const { test, accounts, sessions, upload, call, batchCount, confirmedBatch } = useBatchApi();

describe('batch payments', () => {
  it('checks, fixes, confirms once and settles each row on its own', async () => {
    const before = await balanceOf(test.db, accounts.aEur);
    const data = csvOf([
      ['Erika Mustermann', IBAN, '12.50', 'EUR', 'Invoice 1'],
      ['Bad Iban', 'DE00370400440532013000', '10.00', 'EUR', 'Invoice 2'],
      ['Max REJECT', IBAN, '20.00', 'EUR', 'Invoice 3'],
      ['Too Precise', IBAN, '1.234', 'EUR', 'Invoice 4'],
      ['Kyrillisch Имя', IBAN, '5.00', 'EUR', 'Invoice 5'],
    ]);
    const key = newKey();
    const created = await upload(sessions.a, accounts.aEur.id, { name: 'pay.csv', data }, key);
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    expect(batch).toMatchObject({ status: 'draft', rows_total: 5, rows_valid: 2, rows_invalid: 3 });
    expect(batch.totals).toEqual([{ currency: 'EUR', amount: 3_250, rows: 2 }]);
    const replay = await upload(sessions.a, accounts.aEur.id, { name: 'pay.csv', data }, key);
    expect(replay.json().data?.id, replay.body).toBe(batch.id);

    const invalid = (await call(sessions.a, 'GET', `/${batch.id}/rows?status=invalid`)).json().data;
    expect(
      invalid.map((row: { row: number; errors: { field: string }[] }) => [row.row, row.errors[0]?.field]),
    ).toEqual([
      [2, 'iban'],
      [4, 'amount'],
      [5, 'name'],
    ]);
    // Not confirmable with errors; another client sees nothing.
    expectProblem(await call(sessions.a, 'POST', `/${batch.id}/code`), 409, 'batch_has_invalid_rows');
    expectProblem(await call(sessions.b, 'GET', `/${batch.id}`), 404);
    expectProblem(await call(sessions.b, 'GET', `/${batch.id}/rows`), 404);

    const [badIban, precise, cyrillic] = invalid;
    const fixed = await call(sessions.a, 'PATCH', `/${batch.id}/rows/${badIban.id}`, { iban: IBAN });
    expect(fixed.json().data).toMatchObject({ status: 'valid', errors: [] });
    expect(
      (await call(sessions.a, 'PATCH', `/${batch.id}/rows/${precise.id}`, { amount: 123 })).json().data
        .errors,
    ).toEqual([]);
    expect((await call(sessions.a, 'DELETE', `/${batch.id}/rows/${cyrillic.id}`)).statusCode).toBe(204);

    expect((await call(sessions.a, 'POST', `/${batch.id}/code`)).statusCode).toBe(201);
    const stale = await latestCode(test.app, A);
    // A row changed after the code: the code no longer fits.
    await call(sessions.a, 'PATCH', `/${batch.id}/rows/${precise.id}`, { amount: 124 });
    expectProblem(await call(sessions.a, 'POST', `/${batch.id}/confirm`, { code: stale }), 422);
    await call(sessions.a, 'POST', `/${batch.id}/code`);
    const code = await latestCode(test.app, A);

    // Two confirmations at once book once.
    const [one, two] = await Promise.all([
      call(sessions.a, 'POST', `/${batch.id}/confirm`, { code }, { 'idempotency-key': 'c-1' }),
      call(sessions.a, 'POST', `/${batch.id}/confirm`, { code }, { 'idempotency-key': 'c-2' }),
    ]);
    expect([one.statusCode, two.statusCode].filter((status) => status === 200).length).toBeGreaterThanOrEqual(
      1,
    );
    const [paid] = await test.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payment_batch_rows WHERE batch_id = $1 AND payment_id IS NOT NULL',
      [batch.id],
    );
    expect(paid?.n).toBe(4);
    const held = await call(sessions.a, 'GET', `/${batch.id}`);
    expect(held.json().data).toMatchObject({ status: 'processing', rows_total: 4 });
    const needed = held.json().data.debit_total;
    expect(await balanceOf(test.db, accounts.aEur)).toMatchObject({ available: before.available - needed });

    const run = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-rails/simulator/run',
      headers: sessions.operator.headers,
      payload: { settle_now: true },
    });
    expect(run.statusCode, run.body).toBe(200);
    const done = (await call(sessions.a, 'GET', `/${batch.id}`)).json().data;
    expect(done).toMatchObject({ status: 'completed', rows_by_status: { completed: 3, rejected: 1 } });
    const rejected = (await call(sessions.a, 'GET', `/${batch.id}/rows?status=rejected`)).json().data;
    // The rejected row's hold (amount and fee) went back; the rest left the account.
    const after = await balanceOf(test.db, accounts.aEur);
    expect(after.available).toBe(before.available - needed + rejected[0].amount + rejected[0].fee);

    const results = await call(sessions.a, 'GET', `/${batch.id}/results`);
    expect(results.headers['content-type']).toContain('text/csv');
    expect(results.body.split('\n')[1]).toContain('completed');
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  }, 60_000);

  it('refuses a batch that needs more than the balance', async () => {
    const rows = [{ name: 'Big Payee', iban: IBAN, amount: 1_000_000_000, currency: 'EUR' }];
    const created = await call(
      sessions.b,
      'POST',
      '',
      { account_id: accounts.bEur.id, rows },
      { 'idempotency-key': newKey() },
    );
    expect(created.statusCode, created.body).toBe(201);
    expectProblem(
      await call(sessions.b, 'POST', `/${created.json().data.id}/code`),
      422,
      'insufficient_funds',
    );
  });

  it('refuses malformed files whole and keeps nothing', async () => {
    const count = await batchCount();
    const refuse = async (name: string, data: Buffer, status = 422) => {
      const response = await upload(sessions.a, accounts.aEur.id, { name, data });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
    };
    await refuse('semicolons.csv', Buffer.from(`name;iban;amount;currency\nJane;${IBAN};1.00;EUR\n`));
    await refuse('quotes.csv', Buffer.from(`name,iban,amount,currency\n"Jane,${IBAN},1.00,EUR\n`));
    await refuse(
      'formula.csv',
      Buffer.from(`name,iban,amount,currency\n=cmd|' /C calc'!A0,${IBAN},1.00,EUR\n`),
    );
    await refuse('bomb.xlsx', zipClaiming(200 * 1024 * 1024));
    await refuse(
      'xxe.xml',
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">&x;</Document>`,
      ),
    );
    await refuse(
      'laughs.xml',
      Buffer.from(
        `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">&b;</Document>`,
      ),
    );
    await refuse('big.csv', Buffer.alloc(11 * 1024 * 1024, 'a'), 413);
    const tooMany = csvOf(
      Array.from({ length: 10_001 }, (_, at) => [`Payee ${at}`, IBAN, '1.00', 'EUR', `Row ${at}`]),
    );
    await refuse('many.csv', tooMany, 413);
    expect(await batchCount()).toBe(count);
    // A byte order mark is no reason to refuse.
    const bom = await upload(sessions.a, accounts.aEur.id, {
      name: 'bom.csv',
      data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csvOf([['Jane Doe', IBAN, '1.00', 'EUR', 'x']])]),
    });
    expect(bom.json().data).toMatchObject({ rows_valid: 1 });
  }, 60_000);
});

// After the code.
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

  it('is found under the status it shows: completed once every row has settled, newest first', async () => {
    const id = await confirmedBatch(2, 3_000);
    const newer = await confirmedBatch(1, 3_100);
    const listed = async (status: string) => {
      const page = await test.app.inject({
        method: 'GET',
        url: `/api/backoffice/batches?status=${status}`,
        headers: sessions.operator.headers,
      });
      expect(page.statusCode, page.body).toBe(200);
      return page.json().data as { id: string; status: string }[];
    };
    expect((await listed('processing')).map((batch) => batch.id)).toEqual(
      expect.arrayContaining([newer, id]),
    );
    // Two batches made in the same instant still come in one order: the later id first.
    await test.db.query('UPDATE payment_batches SET created_at = $3 WHERE id IN ($1, $2)', [
      id,
      newer,
      new Date(),
    ]);
    const tied = (await listed('processing'))
      .map((batch) => batch.id)
      .filter((at) => at === id || at === newer);
    expect(tied).toEqual([id, newer].sort().reverse());
    const run = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-rails/simulator/run',
      headers: sessions.operator.headers,
      payload: { settle_now: true },
    });
    expect(run.statusCode, run.body).toBe(200);
    const processing = await listed('processing');
    expect(processing.map((batch) => batch.id)).not.toContain(id);
    expect(processing.every((batch) => batch.status === 'processing')).toBe(true);
    const completed = await listed('completed');
    expect(completed.find((batch) => batch.id === id)?.status).toBe('completed');
    expect(completed.every((batch) => batch.status === 'completed')).toBe(true);
    const own = (await call(sessions.a, 'GET', '?status=completed')).json().data;
    expect(own.map((batch: { id: string }) => batch.id)).toContain(id);
  });

  it('reads amounts as people write them, and says a negative one is not allowed', async () => {
    const data = csvOf([
      // A spreadsheet quotes a field with a comma in it.
      ['Grouped Thousands', IBAN, '"1,250.00"', 'EUR', 'Invoice 1'],
      ['A Debit Sign', IBAN, '-50.00', 'EUR', 'Invoice 2'],
    ]);
    const created = await upload(sessions.a, accounts.aEur.id, { name: 'signs.csv', data }, newKey());
    expect(created.json().data).toMatchObject({ rows_valid: 1, rows_invalid: 1 });
    expect(created.json().data.totals).toEqual([{ currency: 'EUR', amount: 125_000, rows: 1 }]);
    const [negative] = (
      await call(sessions.a, 'GET', `/${created.json().data.id}/rows?status=invalid`)
    ).json().data;
    expect(negative.errors).toEqual([
      { field: 'amount', message: 'Negative amounts are not allowed: write the amount without a minus' },
    ]);
  });
});

/** A zip whose central directory claims one entry unpacking to `size` bytes. */
function zipClaiming(size: number): Buffer {
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  const entry = Buffer.alloc(46);
  entry.writeUInt32LE(0x02014b50, 0);
  entry.writeUInt32LE(size, 24);
  entry.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length, 16);
  return Buffer.concat([local, name, entry, name, end]);
}
