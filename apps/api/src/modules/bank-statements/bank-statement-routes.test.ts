import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, freezeAccount, getAccount } from '../ledger';
import { buildCamt053, decimal } from './testing/camt053-builder';
import { type DemoClient, demoClient, post, today, uploadStatement } from './testing/statement-fixtures';

// Incoming money from the bank's camt.053 statement: matched credits are booked through the
// incoming-credit service once however often the file comes, the rest wait for an operator,
// who assigns them (a second operator above the threshold) or marks them to be returned.
const OURS = 'GB33BUKB20201555555555';
const { test, sessions } = useDemoWorld({
  sessions: {
    payments: ['payments@demo.test', true],
    compliance: ['compliance@demo.test', true],
    support: ['support@demo.test', true],
  },
});
let business: DemoClient;
let frozen: DemoClient;

const balanceOf = async (account: string) => (await getAccount(test.db, account))?.balanceMinor ?? 0;
const statement = (messageId: string, credits: Parameters<typeof buildCamt053>[0]['credits']) =>
  buildCamt053({ messageId, date: today(), accountIban: OURS, opening: '1000.00', credits });

beforeAll(async () => {
  business = await demoClient(test.db, 'business@demo.test');
  frozen = await demoClient(test.db, 'private@demo.test');
  await freezeAccount(test.db, { accountId: frozen.eur, reason: 'Under review', actor: 'test' });
});

describe('bank statement import', () => {
  it('books matched credits once, queues the rest with a reason, and audits the import', async () => {
    const before = await balanceOf(business.eur);
    const xml = statement('STMT-1', [
      { reference: 'B-1', amount: decimal(50_000), creditorIban: business.iban, remittance: 'Invoice 1' },
      { reference: 'B-2', amount: '0.01', creditorIban: OURS, remittance: `For ${business.iban}` },
      { reference: 'B-3', amount: '75.00', creditorIban: 'DE89370400440532013000' },
      { reference: 'B-4', amount: '5.00', currency: 'CHF', creditorIban: business.iban },
      { reference: 'B-5', amount: '5.00', creditorIban: frozen.iban },
      { reference: 'B-6', amount: '9.00', creditorIban: OURS, remittance: 'no account named' },
      { reference: 'B-7', amount: '1.00', creditorIban: business.iban, status: 'PDNG' },
      { reference: 'B-8', amount: '2.00', creditorIban: OURS, remittance: `${business.iban} ${frozen.iban}` },
    ]);
    const first = await uploadStatement(test.app, sessions.payments, xml);
    expect(first.statusCode, first.body).toBe(201);
    const data = first.json().data;
    expect(data).toMatchObject({
      message_id: 'STMT-1',
      credits_booked: 2,
      credits_unmatched: 5,
      credits_duplicate: 0,
      entries_skipped: 1,
      imported_by: 'payments@demo.test',
      // 1000.00 + the booked EUR entries (500.00, 0.01, 75.00, 5.00, 9.00, 2.00); the pending
      // one and the CHF entry do not move the EUR balance.
      balances: [{ date: today(), currency: 'EUR', closing_booked: 159_101 }],
    });
    const byRef = Object.fromEntries(
      data.credits.map((credit: { bank_reference: string }) => [credit.bank_reference, credit]),
    );
    expect(byRef['B-1']).toMatchObject({ status: 'booked', amount: 50_000, client_id: business.id });
    expect(byRef['B-1']).toMatchObject({ debtor_name: 'Contoso GmbH', remittance: 'Invoice 1' });
    expect(byRef['B-2']).toMatchObject({ status: 'booked', client_id: business.id });
    expect(byRef['B-3']).toMatchObject({ status: 'unmatched', unmatched_reason: 'unknown_iban' });
    expect(byRef['B-4']).toMatchObject({ status: 'unmatched', unmatched_reason: 'currency_not_held' });
    expect(byRef['B-5']).toMatchObject({ status: 'unmatched', unmatched_reason: 'account_frozen' });
    expect(byRef['B-6']).toMatchObject({ status: 'unmatched', unmatched_reason: 'no_iban' });
    expect(byRef['B-8']).toMatchObject({ status: 'unmatched', unmatched_reason: 'ambiguous' });
    const after = await balanceOf(business.eur);
    // Credits less the incoming fee and any fee the client still owed: more than nothing.
    expect(after).toBeGreaterThan(before);
    expect(after - before).toBeLessThanOrEqual(50_001);

    const again = await uploadStatement(test.app, sessions.payments, xml, 'again.xml');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({
      credits_booked: 0,
      credits_unmatched: 0,
      credits_duplicate: 7,
    });
    expect(again.json().data.duplicates).toEqual(['B-1', 'B-2', 'B-3', 'B-4', 'B-5', 'B-6', 'B-8']);
    expect(await balanceOf(business.eur)).toBe(after);

    const [notification] = await test.db.query(
      `SELECT 1 FROM client_notifications WHERE client_id = $1 AND kind = 'incoming_payment'`,
      [business.id],
    );
    expect(notification).toBeDefined();
    const audit = await test.db.query<{ details: { booked: number } }>(
      `SELECT details FROM audit_log WHERE action = 'operator.bank_statement_imported' ORDER BY id`,
    );
    expect(audit.map((row) => row.details.booked)).toEqual([2, 0]);
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/bank_statements',
      headers: sessions.payments.headers,
    });
    expect(listed.json().data.map((row: { file_name: string }) => row.file_name)).toEqual([
      'again.xml',
      'camt053.xml',
    ]);
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('credits once when the same statement is uploaded twice at the same moment', async () => {
    const before = await balanceOf(business.eur);
    const xml = statement('STMT-RACE', [
      { reference: 'RACE-1', amount: '300.00', creditorIban: business.iban },
    ]);
    const answers = await Promise.all([
      uploadStatement(test.app, sessions.payments, xml, 'race-a.xml'),
      uploadStatement(test.app, sessions.payments, xml, 'race-b.xml'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const booked = answers.map((answer) => answer.json().data.credits_booked).sort();
    expect(booked).toEqual([0, 1]);
    // 300.00 less the incoming fee (the 20.00 minimum), once.
    expect(await balanceOf(business.eur)).toBe(before + 30_000 - 2_000);
  });

  it('refuses a file that fails the schema with its errors, bad uploads and the wrong roles', async () => {
    const invalid = statement('STMT-BAD', [
      { reference: 'X-1', amount: '1.00', creditorIban: business.iban },
    ]).replace('<Sts><Cd>BOOK</Cd></Sts>', '<Sts><Cd>BOOK</Cd></Sts><Nonsense/>');
    const refused = await uploadStatement(test.app, sessions.payments, invalid);
    expectProblem(refused, 422, 'statement_invalid');
    expect(refused.json().errors[0].message).toMatch(/Nonsense/);
    expect(refused.json().detail).toMatch(/Nonsense/);
    expectProblem(
      await uploadStatement(test.app, sessions.payments, 'not xml at all'),
      422,
      'statement_invalid',
    );
    const doctype = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><d>&x;</d>`;
    expectProblem(await uploadStatement(test.app, sessions.payments, doctype), 422, 'statement_invalid');
    const tooFine = statement('STMT-FINE', [
      { reference: 'X-2', amount: '1.005', creditorIban: business.iban },
    ]);
    expectProblem(await uploadStatement(test.app, sessions.payments, tooFine), 422, 'statement_unreadable');
    const unbalanced = buildCamt053({
      messageId: 'STMT-SUM',
      date: today(),
      accountIban: OURS,
      opening: '10.00',
      closing: '10.00',
      credits: [{ reference: 'X-3', amount: '1.00', creditorIban: business.iban }],
    });
    const notAddingUp = await uploadStatement(test.app, sessions.payments, unbalanced);
    expectProblem(notAddingUp, 422, 'statement_unreadable');
    expect(notAddingUp.json().detail).toMatch(/does not add up/);
    const camt054 = invalid.replaceAll('camt.053.001.08', 'camt.054.001.08');
    expectProblem(await uploadStatement(test.app, sessions.payments, camt054), 422, 'statement_unsupported');
    const bad = [
      { file_name: 'a.xml', data: 'AA*A' },
      { file_name: '../a.xml', data: 'AAAA' },
      { file_name: 'a.xml' },
      { file_name: 'a.xml', data: 'AAAA', extra: 1 },
    ];
    for (const payload of bad) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/backoffice/bank_statements',
        headers: sessions.payments.headers,
        payload,
      });
      expectProblem(response, 400);
    }
    const latin1 = Buffer.from([0x3c, 0x61, 0xe9, 0x3e]).toString('base64');
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: '/api/backoffice/bank_statements',
        headers: sessions.payments.headers,
        payload: { file_name: 'a.xml', data: latin1 },
      }),
      422,
      'statement_invalid',
    );
    // 5 MB exactly is read (and refused by the schema); one byte more is too large.
    const limit = 5 * 1024 * 1024;
    expectProblem(
      await uploadStatement(test.app, sessions.payments, 'a'.repeat(limit)),
      422,
      'statement_invalid',
    );
    expectProblem(
      await uploadStatement(test.app, sessions.payments, 'a'.repeat(limit + 1)),
      413,
      'file_too_large',
    );
    expectProblem(await uploadStatement(test.app, sessions.support, invalid), 403, 'forbidden_role');
    expectProblem(await uploadStatement(test.app, sessions.compliance, invalid), 403, 'forbidden_role');
    const count = await test.db.query(
      `SELECT 1 FROM bank_statement_imports WHERE message_id IN ('STMT-BAD', 'STMT-FINE', 'STMT-SUM')`,
    );
    expect(count).toHaveLength(0);
  });

  it('lets an operator assign or return unmatched credits, with a second operator above the threshold', async () => {
    await uploadStatement(
      test.app,
      sessions.payments,
      statement('STMT-2', [
        { reference: 'Q-SMALL', amount: '50.00', creditorIban: OURS, remittance: 'unknown payer' },
        { reference: 'Q-BIG', amount: '2500.00', creditorIban: 'DE89370400440532013000' },
        { reference: 'Q-RETURN', amount: '3.00', creditorIban: 'DE89370400440532013000' },
      ]),
    );
    const queue = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/bank_statements/credits?status=unmatched',
      headers: sessions.compliance.headers,
    });
    const ids = Object.fromEntries(
      queue
        .json()
        .data.map((credit: { bank_reference: string; id: string }) => [credit.bank_reference, credit.id]),
    );
    expect(Object.keys(ids)).toEqual(expect.arrayContaining(['Q-SMALL', 'Q-BIG', 'Q-RETURN']));

    const before = await balanceOf(business.eur);
    const small = await post(test.app, sessions.payments, `/credits/${ids['Q-SMALL']}/assign`, {
      iban: business.iban,
    });
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json().data).toMatchObject({
      status: 'resolved',
      client_id: business.id,
      assigned_by: 'payments@demo.test',
    });
    expect(await balanceOf(business.eur)).toBe(before + 5_000 - 2_000);
    expectProblem(
      await post(test.app, sessions.payments, `/credits/${ids['Q-SMALL']}/assign`, { iban: business.iban }),
      409,
    );

    expectProblem(
      await post(test.app, sessions.payments, `/credits/${ids['Q-BIG']}/assign`, {
        iban: 'DE89370400440532013000',
      }),
      422,
      'account_not_found',
    );
    const big = await post(test.app, sessions.payments, `/credits/${ids['Q-BIG']}/assign`, {
      iban: business.iban,
    });
    expect(big.json().data).toMatchObject({ status: 'awaiting_approval', needs_second_operator: true });
    const mid = await balanceOf(business.eur);
    expectProblem(
      await post(test.app, sessions.payments, `/credits/${ids['Q-BIG']}/approve`),
      403,
      'four_eyes_required',
    );
    expectProblem(
      await post(test.app, sessions.support, `/credits/${ids['Q-BIG']}/approve`),
      403,
      'forbidden_role',
    );
    expectProblem(
      await post(test.app, sessions.compliance, `/credits/${ids['Q-BIG']}/reject`),
      422,
      'reason_required',
    );
    expect(await balanceOf(business.eur)).toBe(mid);
    const approved = await post(test.app, sessions.compliance, `/credits/${ids['Q-BIG']}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'resolved', decided_by: 'compliance@demo.test' });
    // The credit less the incoming fee (the tariff's 20.00 minimum for a payer in the EEA).
    expect(await balanceOf(business.eur)).toBe(mid + 250_000 - 2_000);

    expectProblem(await post(test.app, sessions.payments, `/credits/${ids['Q-RETURN']}/return`, {}), 400);
    const returned = await post(test.app, sessions.payments, `/credits/${ids['Q-RETURN']}/return`, {
      reason: 'Payer unknown',
    });
    expect(returned.json().data).toMatchObject({ status: 'returned', note: 'Payer unknown' });
    expectProblem(
      await post(test.app, sessions.payments, `/credits/${ids['Q-RETURN']}/assign`, { iban: business.iban }),
      409,
    );
    expectProblem(
      await post(test.app, sessions.payments, '/credits/not-a-uuid/return', { reason: 'x y z' }),
      400,
    );

    const audit = await test.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action LIKE 'operator.bank_credit%' ORDER BY id`,
    );
    expect(audit.map((row) => row.action)).toEqual([
      'operator.bank_credit_assigned',
      'operator.bank_credit_assigned',
      'operator.bank_credit_approved',
      'operator.bank_credit_returned',
    ]);
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });
});
