import { brand } from '@bluepeak/core';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { DEMO_PASSWORD, expectProblem, logIn, type Session } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, getAccount } from '../ledger';
import { creditIncomingPayment, findAccountForIncomingCredit } from './incoming-credit';
import { openAccountsOnApproval } from './on-approval';
import { useAccountsWorld } from './testing/accounts-world';

// Opening accounts: another currency once per Idempotency-Key, nothing for a client that is not
// approved, and the opening fee owed at approval and charged from the first funds.
// The requirements: docs/requirements/accounts.md.
describe('client accounts', () => {
  const { test, sessions, inject, groupsOf } = useAccountsWorld();

  it('opens an account in another currency, once per Idempotency-Key', async () => {
    const url = '/api/client/accounts';
    const post = (session: Session, payload: unknown, key?: string) =>
      inject({
        method: 'POST',
        url,
        headers: { ...session.headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload: payload as object,
      });
    expectProblem(await post(sessions.alex, { currency: 'USD' }), 400, 'idempotency_key_missing');
    expectProblem(
      await post(sessions.alex, { currency: 'USD' }, 'x'.repeat(256)),
      400,
      'idempotency_key_invalid',
    );
    expectProblem(await post(sessions.alex, { currency: 'usd' }, 'k-1'), 400, 'validation_failed');
    expectProblem(await post(sessions.alex, { currency: 'XYZ' }, 'k-1'), 400, 'validation_failed');
    expectProblem(
      await post(sessions.alex, { currency: 'USD', balance: 100000 }, 'k-1'),
      400,
      'validation_failed',
    );

    const first = await post(sessions.alex, { currency: 'USD' }, 'k-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      balance: 0,
      currency: { code: 'USD' },
      name: 'Current account',
    });
    const replay = await post(sessions.alex, { currency: 'USD' }, 'k-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expectProblem(await post(sessions.alex, { currency: 'CHF' }, 'k-1'), 422, 'idempotency_key_reused');
    expectProblem(await post(sessions.alex, { currency: 'USD' }, 'k-2'), 409, 'account_already_open');
    // Keys are the caller's own: the same key from another client is a new request.
    const theirs = await post(sessions.northwind, { currency: 'USD', name: 'Dollar float' }, 'k-1');
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();

    const codes = (await groupsOf(sessions.alex))[0]?.accounts.data.map((a) => a.currency.code);
    expect(codes).toContain('USD');
    const data = (
      await inject({ method: 'GET', url: '/api/client/data', headers: sessions.alex.headers })
    ).json().data;
    expect(data.client_currencies).toEqual(['EUR', 'GBP', 'USD']);
    expect(data.currencies).toContain('CHF');
    expect(data.accounts.data[0].accounts.data).toHaveLength(3);
  });

  it('runs parallel calls with one key exactly once; the others replay its answer', async () => {
    const calls = Array.from({ length: 10 }, () =>
      inject({
        method: 'POST',
        url: '/api/client/accounts',
        headers: { ...sessions.northwind.headers, 'idempotency-key': 'parallel-1' },
        payload: { currency: 'CHF' },
      }),
    );
    const responses = await Promise.all(calls);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(new Set(responses.map((r) => r.json().data.id)).size).toBe(1);
    const [count] = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM client_accounts a JOIN clients c ON c.id = a.client_id
       WHERE c.email = 'business@demo.test' AND a.currency = 'CHF'`,
    );
    expect(count?.n).toBe(1);
  });

  it('opens nothing for a client that is not approved', async () => {
    const jamie = await logIn(test.app, 'new@demo.test', DEMO_PASSWORD);
    expect(await groupsOf(jamie)).toEqual([]);
    const response = await inject({
      method: 'POST',
      url: '/api/client/accounts',
      headers: { ...jamie.headers, 'idempotency-key': 'k-new' },
      payload: { currency: 'EUR' },
    });
    expectProblem(response, 409, 'client_not_approved');
  });

  it('owes the opening fee at approval and charges it from the first funds, found by sort code', async () => {
    const [jamie] = await test.db.query<{ id: string; country: string }>(
      "SELECT id, country FROM clients WHERE email = 'new@demo.test'",
    );
    if (!jamie) throw new Error('no demo client');
    await withTransaction(test.db, (tx) => openAccountsOnApproval(tx, jamie));
    const [fee] = await test.db.query<{ status: string; amount_minor: number }>(
      'SELECT status, amount_minor FROM client_fees WHERE client_id = $1',
      [jamie.id],
    );
    expect(fee).toEqual({ status: 'owed', amount_minor: brand.tariff.account.opening.UK });
    // The client's record lists the fee owed, with the account that pays it (Home's attention).
    const jamieSession = await logIn(test.app, 'new@demo.test', DEMO_PASSWORD);
    const owedFees = async () =>
      (await inject({ method: 'GET', url: '/api/client/data', headers: jamieSession.headers })).json().data
        .owed_fees;
    const [eurAccount] = await test.db.query<{ id: string }>(
      "SELECT id FROM client_accounts WHERE client_id = $1 AND currency = 'EUR'",
      [jamie.id],
    );
    expect(await owedFees()).toEqual([
      {
        id: expect.any(String),
        kind: 'account_opening',
        amount: brand.tariff.account.opening.UK,
        currency: brand.tariff.currency,
        owed_since: expect.any(String),
        account_id: eurAccount?.id,
      },
    ]);
    const [group] = await test.db.query<{ sort_code: string; account_number: string; iban: string }>(
      'SELECT sort_code, account_number, iban FROM account_groups WHERE client_id = $1',
      [jamie.id],
    );
    if (!group) throw new Error('no group');
    expect(
      await findAccountForIncomingCredit(test.db, { ...sortCodeOf(group), currency: 'EUR' }),
    ).toBeUndefined();
    const gbp = await findAccountForIncomingCredit(test.db, { ...sortCodeOf(group), currency: 'GBP' });
    const eur = await findAccountForIncomingCredit(test.db, {
      iban: group.iban.toLowerCase(),
      currency: 'EUR',
    });
    expect(gbp?.clientId).toBe(jamie.id);
    if (!eur || !gbp) throw new Error('accounts not found');

    await withTransaction(test.db, (tx) =>
      creditIncomingPayment(tx, {
        target: gbp,
        amountMinor: 2_000,
        rail: 'faster_pay',
        reference: 'test-gbp-1',
      }),
    );
    expect(
      (await test.db.query('SELECT status FROM client_fees WHERE client_id = $1', [jamie.id]))[0],
    ).toEqual({ status: 'owed' });
    const credit = {
      target: eur,
      amountMinor: 7_000,
      rail: 'sepa' as const,
      reference: 'test-eur-1',
      payerName: 'Ada',
    };
    await withTransaction(test.db, (tx) => creditIncomingPayment(tx, credit));
    await withTransaction(test.db, (tx) => creditIncomingPayment(tx, credit));
    expect((await getAccount(test.db, eur.ledgerAccountId))?.balanceMinor).toBe(
      7_000 - brand.tariff.account.opening.UK,
    );
    expect(
      (await test.db.query('SELECT status FROM client_fees WHERE client_id = $1', [jamie.id]))[0],
    ).toEqual({ status: 'charged' });
    expect(await owedFees()).toEqual([]);
    const kinds = await test.db.query<{ kind: string }>(
      'SELECT kind FROM client_notifications WHERE client_id = $1 ORDER BY created_at',
      [jamie.id],
    );
    expect(kinds.map((row) => row.kind).sort()).toEqual([
      'fee_charged',
      'incoming_payment',
      'incoming_payment',
    ]);
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedgerInvariants(test.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });
});

function sortCodeOf(group: { sort_code: string; account_number: string }) {
  return { sortCode: group.sort_code, accountNumber: group.account_number };
}
