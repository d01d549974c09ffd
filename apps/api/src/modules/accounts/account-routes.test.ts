import { brand } from '@bluepeak/core';
import { checkIban } from '@bluepeak/core/accounts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/transaction';
import { seedDemoData } from '../../seed/seed-demo-data';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { DEMO_PASSWORD, expectProblem, logIn, type Session } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, getAccount } from '../ledger/index';
import { creditIncomingPayment, findAccountForIncomingCredit } from './incoming-credit';
import { openAccountsOnApproval } from './on-approval';

type Summary = {
  id: string;
  name: string;
  balance: number;
  available_balance: number;
  currency: { code: string };
};
type Line = {
  id: string;
  code: string;
  direction: 'credit' | 'debit';
  amount: number;
  balance_after: number;
};

// docs/requirements/accounts.md: the client's accounts, backed by the ledger, on the seeded demo clients.
describe('client accounts', () => {
  let test: TestApp;
  let alex: Session;
  let northwind: Session;
  beforeAll(async () => {
    test = await buildTestApp();
    await seedDemoData(test.db, { publicUrl: 'http://localhost:3000' });
    alex = await logIn(test.app, 'private@demo.test', DEMO_PASSWORD);
    northwind = await logIn(test.app, 'business@demo.test', DEMO_PASSWORD);
  });
  afterAll(async () => test.close());

  const inject = (options: InjectOptions) => test.app.inject(options);
  async function groupsOf(session: Session) {
    const response = await inject({ method: 'GET', url: '/api/client/accounts', headers: session.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: string; iban: string; accounts: { data: Summary[] } }[];
  }
  async function accountIn(session: Session, currency: string): Promise<Summary> {
    const [group] = await groupsOf(session);
    const account = group?.accounts.data.find((a) => a.currency.code === currency);
    if (!account) throw new Error(`no ${currency} account`);
    return account;
  }
  const ledgerIdOf = async (clientEmail: string, currency: string) => {
    const [row] = await test.db.query<{ ledger_account_id: string }>(
      `SELECT a.ledger_account_id FROM client_accounts a JOIN clients c ON c.id = a.client_id
       WHERE lower(c.email) = $1 AND a.currency = $2`,
      [clientEmail, currency],
    );
    if (!row) throw new Error('no ledger account');
    return row.ledger_account_id;
  };

  it('lists one group with a valid UK IBAN under our bank code and EUR and GBP balances from the ledger', async () => {
    const groups = await groupsOf(alex);
    expect(groups).toHaveLength(1);
    const [group] = groups;
    const iban = checkIban(group?.iban ?? '');
    expect(iban).toMatchObject({ valid: true, country: 'GB', bankIdentifier: brand.bank.iban_bank_code });
    expect(group?.iban.slice(8, 14)).toBe(brand.bank.sort_code);
    const codes = group?.accounts.data.map((a) => a.currency.code).sort();
    expect(codes).toEqual(['EUR', 'GBP']);
    for (const account of group?.accounts.data ?? []) {
      const ledger = await getAccount(test.db, await ledgerIdOf('private@demo.test', account.currency.code));
      expect(account.balance).toBe(ledger?.balanceMinor);
      expect(account.available_balance).toBe(ledger?.availableMinor);
      expect(account.balance).toBeGreaterThan(0);
      expect(account).toMatchObject({ name: 'Current account', currency: { exponent: 2 } });
    }
  });

  it('shows details with running balances that add up, and UK details only on GBP', async () => {
    for (const currency of ['EUR', 'GBP']) {
      const account = await accountIn(alex, currency);
      const response = await inject({
        method: 'GET',
        url: `/api/client/accounts/${account.id}?limit=100`,
        headers: alex.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const details = response.json().data;
      expect(details).toMatchObject({
        id: account.id,
        balance: account.balance,
        holder_name: 'Alex Morgan',
        bic: brand.bank.bic,
      });
      if (currency === 'GBP') {
        expect(details.sort_code).toBe(brand.bank.sort_code);
        expect(details.account_number).toMatch(/^\d{8}$/);
      } else {
        expect(details).toMatchObject({ sort_code: null, account_number: null });
      }
      const lines: Line[] = details.transactions.data;
      expect(lines.length).toBeGreaterThan(5);
      expect(lines[0]?.balance_after).toBe(account.balance);
      // Newest first: each line's balance is the next (older) one's plus its own movement.
      for (let i = 0; i < lines.length - 1; i++) {
        const line = lines[i] as Line;
        const older = lines[i + 1] as Line;
        const delta = line.direction === 'credit' ? line.amount : -line.amount;
        expect(line.balance_after).toBe(older.balance_after + delta);
      }
      const codes = new Set(lines.map((line) => line.code));
      expect(codes.has('incoming_payment')).toBe(true);
      expect([...codes].some((code) => code.endsWith('_payment') && code !== 'incoming_payment')).toBe(true);
      if (currency === 'EUR') {
        expect(lines.find((line) => line.code === 'account_opening_fee')).toMatchObject({
          direction: 'debit',
          amount: brand.tariff.account.opening.UK,
        });
        expect(codes.has('monthly_fee')).toBe(true);
        expect(codes.has('payment_fee')).toBe(true);
      }
    }
    const eur = await accountIn(alex, 'EUR');
    const few = await inject({
      method: 'GET',
      url: `/api/client/accounts/${eur.id}?limit=3`,
      headers: alex.headers,
    });
    expect(few.json().data.transactions.data).toHaveLength(3);
  });

  it("never shows one client another client's account: 404, like an id that does not exist", async () => {
    const theirs = await accountIn(northwind, 'EUR');
    for (const url of [
      `/api/client/accounts/${theirs.id}`,
      `/api/client/accounts/${theirs.id}/details.pdf`,
    ]) {
      expectProblem(await inject({ method: 'GET', url, headers: alex.headers }), 404, 'not_found');
    }
    const unknown = '3f1d7c1e-8a4b-4c7e-9a55-2b4f3e6d7a10';
    expectProblem(
      await inject({ method: 'GET', url: `/api/client/accounts/${unknown}`, headers: alex.headers }),
      404,
    );
    const ids = (await groupsOf(alex)).flatMap((g) => g.accounts.data.map((a) => a.id));
    expect(ids).not.toContain(theirs.id);
  });

  it('refuses malformed ids and query parameters with 400, and strangers with 401', async () => {
    const eur = await accountIn(alex, 'EUR');
    for (const url of [
      '/api/client/accounts/not-a-uuid',
      '/api/client/accounts/..%2F..%2Fetc',
      `/api/client/accounts/${eur.id}?limit=0x10`,
      `/api/client/accounts/${eur.id}?limit=1000`,
      `/api/client/accounts/${eur.id}?limit=%2012%20`,
      `/api/client/accounts/${eur.id}?limit=1&limit=2`,
      `/api/client/accounts/${eur.id}?owner=me`,
    ]) {
      expectProblem(await inject({ method: 'GET', url, headers: alex.headers }), 400);
    }
    expectProblem(await inject({ method: 'GET', url: '/api/client/accounts' }), 401);
  });

  it('serves the account details as a PDF attachment', async () => {
    const gbp = await accountIn(alex, 'GBP');
    const response = await inject({
      method: 'GET',
      url: `/api/client/accounts/${gbp.id}/details.pdf`,
      headers: alex.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="account-details-GBP.pdf"/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.length).toBeGreaterThan(1000);
  });

  it('opens an account in another currency, once per Idempotency-Key', async () => {
    const url = '/api/client/accounts';
    const post = (session: Session, payload: unknown, key?: string) =>
      inject({
        method: 'POST',
        url,
        headers: { ...session.headers, ...(key ? { 'idempotency-key': key } : {}) },
        payload: payload as object,
      });
    expectProblem(await post(alex, { currency: 'USD' }), 400, 'idempotency_key_missing');
    expectProblem(await post(alex, { currency: 'USD' }, 'x'.repeat(256)), 400, 'idempotency_key_invalid');
    expectProblem(await post(alex, { currency: 'usd' }, 'k-1'), 400, 'validation_failed');
    expectProblem(await post(alex, { currency: 'XYZ' }, 'k-1'), 400, 'validation_failed');
    expectProblem(await post(alex, { currency: 'USD', balance: 100000 }, 'k-1'), 400, 'validation_failed');

    const first = await post(alex, { currency: 'USD' }, 'k-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      balance: 0,
      currency: { code: 'USD' },
      name: 'Current account',
    });
    const replay = await post(alex, { currency: 'USD' }, 'k-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expectProblem(await post(alex, { currency: 'CHF' }, 'k-1'), 422, 'idempotency_key_reused');
    expectProblem(await post(alex, { currency: 'USD' }, 'k-2'), 409, 'account_already_open');
    // Keys are the caller's own: the same key from another client is a new request.
    const theirs = await post(northwind, { currency: 'USD', name: 'Dollar float' }, 'k-1');
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();

    const codes = (await groupsOf(alex))[0]?.accounts.data.map((a) => a.currency.code);
    expect(codes).toContain('USD');
    const data = (await inject({ method: 'GET', url: '/api/client/data', headers: alex.headers })).json()
      .data;
    expect(data.client_currencies).toEqual(['EUR', 'GBP', 'USD']);
    expect(data.currencies).toContain('CHF');
    expect(data.accounts.data[0].accounts.data).toHaveLength(3);
  });

  it('runs parallel calls with one key exactly once; the others replay its answer', async () => {
    const calls = Array.from({ length: 10 }, () =>
      inject({
        method: 'POST',
        url: '/api/client/accounts',
        headers: { ...northwind.headers, 'idempotency-key': 'parallel-1' },
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
