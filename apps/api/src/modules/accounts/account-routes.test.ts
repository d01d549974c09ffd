import { brand } from '@bluepeak/core';
import { checkIban } from '@bluepeak/core/accounts';
import { describe, expect, it } from 'vitest';
import { countStatements } from '../../testing/count-statements';
import { expectProblem } from '../../testing/onboarding-helpers';
import { getAccount } from '../ledger';
import { type Line, useAccountsWorld } from './testing/accounts-world';

// The client's accounts, backed by the ledger, on the seeded demo clients: the list, the
// details with running balances, the PDF, and who may read what.
// The requirements: docs/requirements/accounts.md.
describe('client accounts', () => {
  const { test, sessions, inject, groupsOf, accountIn, ledgerIdOf } = useAccountsWorld();

  it('lists one group with a valid UK IBAN under our bank code and EUR and GBP balances from the ledger', async () => {
    const groups = await groupsOf(sessions.alex);
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
      const account = await accountIn(sessions.alex, currency);
      const response = await inject({
        method: 'GET',
        url: `/api/client/accounts/${account.id}?limit=100`,
        headers: sessions.alex.headers,
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
    const eur = await accountIn(sessions.alex, 'EUR');
    const few = await inject({
      method: 'GET',
      url: `/api/client/accounts/${eur.id}?limit=3`,
      headers: sessions.alex.headers,
    });
    expect(few.json().data.transactions.data).toHaveLength(3);
  });

  it("shares one statement among concurrent clients' reads, each getting only its own groups", async () => {
    const alone = { alex: await groupsOf(sessions.alex), northwind: await groupsOf(sessions.northwind) };
    expect(alone.alex[0]?.iban).not.toBe(alone.northwind[0]?.iban);
    const counter = countStatements(test.db);
    try {
      const who = Array.from({ length: 12 }, (_, i): 'alex' | 'northwind' =>
        i % 3 === 0 ? 'northwind' : 'alex',
      );
      const answers = await Promise.all(who.map((name) => groupsOf(sessions[name])));
      for (const [i, name] of who.entries()) expect(answers[i]).toEqual(alone[name]);
      // The first read went alone; those that arrived while it was in flight left together.
      expect(counter.take().filter((sql) => sql.startsWith('SELECT g.id')).length).toBeLessThan(who.length);
    } finally {
      counter.restore();
    }
  });

  it("never shows one client another client's account: 404, like an id that does not exist", async () => {
    const theirs = await accountIn(sessions.northwind, 'EUR');
    for (const url of [
      `/api/client/accounts/${theirs.id}`,
      `/api/client/accounts/${theirs.id}/details.pdf`,
    ]) {
      expectProblem(await inject({ method: 'GET', url, headers: sessions.alex.headers }), 404, 'not_found');
    }
    const unknown = '3f1d7c1e-8a4b-4c7e-9a55-2b4f3e6d7a10';
    expectProblem(
      await inject({ method: 'GET', url: `/api/client/accounts/${unknown}`, headers: sessions.alex.headers }),
      404,
    );
    const ids = (await groupsOf(sessions.alex)).flatMap((g) => g.accounts.data.map((a) => a.id));
    expect(ids).not.toContain(theirs.id);
  });

  it('refuses malformed ids and query parameters with 400, and strangers with 401', async () => {
    const eur = await accountIn(sessions.alex, 'EUR');
    for (const url of [
      '/api/client/accounts/not-a-uuid',
      '/api/client/accounts/..%2F..%2Fetc',
      `/api/client/accounts/${eur.id}?limit=0x10`,
      `/api/client/accounts/${eur.id}?limit=1000`,
      `/api/client/accounts/${eur.id}?limit=%2012%20`,
      `/api/client/accounts/${eur.id}?limit=1&limit=2`,
      `/api/client/accounts/${eur.id}?owner=me`,
    ]) {
      expectProblem(await inject({ method: 'GET', url, headers: sessions.alex.headers }), 400);
    }
    expectProblem(await inject({ method: 'GET', url: '/api/client/accounts' }), 401);
  });

  it('serves the account details as a PDF attachment', async () => {
    const gbp = await accountIn(sessions.alex, 'GBP');
    const response = await inject({
      method: 'GET',
      url: `/api/client/accounts/${gbp.id}/details.pdf`,
      headers: sessions.alex.headers,
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
});
