import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database';
import { withTransaction } from '../../db/transaction';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { systemAccountId } from './chart-of-accounts';
import { checkLedgerInvariants, formatInvariantReport } from './check-invariants';
import { createTransfers } from './create-transfers';
import { ensureSystemAccounts, openClientAccount } from './open-account';
import { expectCreated, openFundedClient, posted } from './testing/ledger-fixtures';

// The second line of defence: what the database itself refuses, and what the invariant
// checker finds when someone goes around both (here, by switching triggers off).

let testDb: TestDatabase;
let db: Database;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  await openFundedClient(db, 'd-alice', 1_000);
  expectCreated(
    await createTransfers(db, [posted('d-1', 'd-alice', systemAccountId('EUR', 'fee_income'), 100)]),
  );
});
afterAll(() => testDb.cleanup());

/** Runs `work` with triggers (and so foreign keys and append-only guards) off, then undoes it. */
async function tamper(work: (tx: Queryable) => Promise<void>): Promise<string> {
  let text = '';
  await expect(
    withTransaction(db, async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await work(tx);
      const report = await checkLedgerInvariantsIn(tx);
      text = report;
      throw new Error('roll back the tampering');
    }),
  ).rejects.toThrow('roll back the tampering');
  return text;
}

// The checker opens its own transaction; inside the tampering one we run its SQL directly.
async function checkLedgerInvariantsIn(tx: Queryable): Promise<string> {
  const { invariantChecks } = await import('./invariant-rows');
  const found: string[] = [];
  for (const check of invariantChecks) {
    const rows = await tx.query<{ detail: string }>(check.sql);
    for (const row of rows) found.push(`${check.name}: ${row.detail}`);
  }
  return found.join('\n');
}

describe('the database refuses', () => {
  it('changes to posted history', async () => {
    await expect(db.query(`UPDATE ledger_transfers SET amount_minor = 1 WHERE id = 'd-1'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query(`DELETE FROM ledger_transfers WHERE id = 'd-1'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`UPDATE ledger_entries SET balance_after_minor = 0`)).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query(`DELETE FROM ledger_entries`)).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE ledger_entries`)).rejects.toThrow(/append-only/);
  });

  it('an overdraft, a balance moving backwards, a changed or deleted account', async () => {
    await expect(
      db.query(
        `UPDATE ledger_balances SET debits_posted_minor = 5000, version = version + 1 WHERE account_id = 'd-alice'`,
      ),
    ).rejects.toThrow(/ledger_balances_debits_must_not_exceed_credits/);
    await expect(
      db.query(
        `UPDATE ledger_balances SET credits_posted_minor = 0, version = version + 1 WHERE account_id = 'd-alice'`,
      ),
    ).rejects.toThrow(/may only move forward/);
    await expect(
      db.query(
        `UPDATE ledger_balances SET debits_must_not_exceed_credits = false WHERE account_id = 'd-alice'`,
      ),
    ).rejects.toThrow(/ledger_balances_account|may only move forward/);
    await expect(
      db.query(`UPDATE ledger_accounts SET currency = 'GBP' WHERE id = 'd-alice'`),
    ).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM ledger_accounts WHERE id = 'd-alice'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM ledger_balances WHERE account_id = 'd-alice'`)).rejects.toThrow(
      /never deleted/,
    );
  });

  it('a transfer between currencies, to itself or of nothing', async () => {
    await ensureSystemAccounts(db, 'GBP');
    const insert = (debit: string, credit: string, amount: number, currency: string) =>
      db.query(
        `INSERT INTO ledger_transfers (id, kind, debit_account_id, credit_account_id, amount_minor, currency, code,
           reference_type, reference_id, event_at, created_at)
         VALUES ('raw-1', 'posted', $1, $2, $3, $4, 'x', 'x', 'x', now(), now())`,
        [debit, credit, amount, currency],
      );
    await expect(insert('d-alice', systemAccountId('GBP', 'fee_income'), 1, 'EUR')).rejects.toThrow(
      /ledger_transfers_credit_account_currency/,
    );
    await expect(insert('d-alice', 'd-alice', 1, 'EUR')).rejects.toThrow(/ledger_transfers_accounts_differ/);
    await expect(insert('d-alice', systemAccountId('EUR', 'fee_income'), 0, 'EUR')).rejects.toThrow(
      /check constraint/,
    );
  });

  it('a transfer or an entry that names an account or transfer that does not exist', async () => {
    const fee = systemAccountId('EUR', 'fee_income');
    // Checked per statement: one bad row among good ones fails the whole insert.
    await expect(
      db.query(
        `INSERT INTO ledger_transfers (id, kind, debit_account_id, credit_account_id, amount_minor, currency, code,
           reference_type, reference_id, event_at, created_at)
         VALUES ('raw-ok', 'posted', 'd-alice', $1, 1, 'EUR', 'x', 'x', 'x', now(), now()),
                ('raw-bad', 'posted', 'd-nobody', $1, 1, 'EUR', 'x', 'x', 'x', now(), now())`,
        [fee],
      ),
    ).rejects.toMatchObject({
      code: '23503',
      message: expect.stringMatching(/debit_account_currency.*d-nobody/),
    });
    const entry = (account: string, transfer: string) =>
      db.query(
        `INSERT INTO ledger_entries (account_id, account_version, transfer_id, side, posted_amount_minor,
           pending_delta_minor, balance_before_minor, balance_after_minor, created_at)
         VALUES ($1, 999, $2, 'credit', 1, 0, 0, 1, now())`,
        [account, transfer],
      );
    await expect(entry('d-alice', 'no-such-transfer')).rejects.toMatchObject({
      code: '23503',
      message: expect.stringMatching(/ledger_entries_transfer_id_fkey/),
    });
    await expect(entry('d-nobody', 'd-1')).rejects.toMatchObject({
      code: '23503',
      message: expect.stringMatching(/ledger_entries_account_id_fkey/),
    });
    expect(await db.query(`SELECT 1 FROM ledger_transfers WHERE id LIKE 'raw-%'`)).toEqual([]);
  });

  it('money on the parent of a sharded account, which has no balance to hold it', async () => {
    const parent = systemAccountId('EUR', 'fee_income');
    expect(await db.query('SELECT 1 FROM ledger_balances WHERE account_id = $1', [parent])).toEqual([]);
    await expect(
      db.query(
        `INSERT INTO ledger_balances (account_id, debits_must_not_exceed_credits, credits_must_not_exceed_debits)
         VALUES ($1, true, false)`,
        [parent],
      ),
    ).rejects.toThrow(/ledger_balances_account/);
  });

  it('a second e-money account for one client in one currency', async () => {
    const first = await openClientAccount(db, { id: 'd-x1', ownerClientId: 'client-x', currency: 'EUR' });
    expect(first).toMatchObject({ ok: true, status: 'created' });
    expect(
      await openClientAccount(db, { id: 'd-x1', ownerClientId: 'client-x', currency: 'EUR' }),
    ).toMatchObject({
      ok: true,
      status: 'exists',
    });
    expect(await openClientAccount(db, { id: 'd-x1', ownerClientId: 'client-y', currency: 'EUR' })).toEqual({
      ok: false,
      code: 'exists_with_different_fields',
    });
    expect(await openClientAccount(db, { id: 'd-x2', ownerClientId: 'client-x', currency: 'EUR' })).toEqual({
      ok: false,
      code: 'client_already_has_account',
    });
    expect(
      await openClientAccount(db, { id: 'system:EUR:mine', ownerClientId: 'c', currency: 'EUR' }),
    ).toEqual({
      ok: false,
      code: 'id_invalid',
    });
  });
});

describe('the invariant checker', () => {
  it('passes a sound ledger and says so', async () => {
    const report = await checkLedgerInvariants(db);
    expect(report.ok).toBe(true);
    expect(report.counts.transfers).toBeGreaterThan(0);
    expect(formatInvariantReport(report)).toMatch(/All ledger invariants hold/);
  });

  it('finds a cached total that no longer matches the entries', async () => {
    const found = await tamper(async (tx) => {
      await tx.query(
        `UPDATE ledger_balances SET credits_posted_minor = credits_posted_minor + 1 WHERE account_id = 'd-alice'`,
      );
    });
    expect(found).toMatch(/currency_totals_balance: EUR/);
    expect(found).toMatch(/account_totals_match_entries: d-alice/);
  });

  it('finds an edited entry, a lost entry and a missing transfer leg', async () => {
    const edited = await tamper(async (tx) => {
      await tx.query(
        `UPDATE ledger_entries SET balance_before_minor = balance_before_minor + 5, balance_after_minor = balance_after_minor + 5
         WHERE transfer_id = 'd-1' AND side = 'debit'`,
      );
    });
    expect(edited).toMatch(/entry_chain: d-alice version 2/);

    const lost = await tamper(async (tx) => {
      await tx.query(`DELETE FROM ledger_entries WHERE transfer_id = 'd-1' AND side = 'credit'`);
    });
    expect(lost).toMatch(/entries_balance: EUR/);
    expect(lost).toMatch(/transfer_entries: d-1/);
    expect(lost).toMatch(/account_totals_match_entries: system:EUR:fee_income/);
  });

  it('finds a transfer or an entry that names what does not exist', async () => {
    const found = await tamper(async (tx) => {
      await tx.query(
        `INSERT INTO ledger_transfers (id, kind, debit_account_id, credit_account_id, amount_minor, currency, code,
           reference_type, reference_id, event_at, created_at)
         VALUES ('d-orphan', 'posted', 'd-alice', 'd-nobody', 1, 'EUR', 'x', 'x', 'x', now(), now())`,
      );
      await tx.query(
        `INSERT INTO ledger_entries (account_id, account_version, transfer_id, side, posted_amount_minor,
           pending_delta_minor, balance_before_minor, balance_after_minor, created_at)
         VALUES ('d-alice', 999, 'd-missing', 'credit', 1, 0, 0, 1, now())`,
      );
    });
    expect(found).toMatch(/references: transfer d-orphan names no account d-nobody/);
    expect(found).toMatch(/references: entry d-alice version 999 names no transfer d-missing/);
  });

  it('finds a client account below zero', async () => {
    const found = await tamper(async (tx) => {
      await tx.query(
        `ALTER TABLE ledger_balances DROP CONSTRAINT ledger_balances_debits_must_not_exceed_credits`,
      );
      await tx.query(`UPDATE ledger_balances SET debits_posted_minor = 99999 WHERE account_id = 'd-alice'`);
    });
    expect(found).toMatch(/no_overdraft: d-alice/);
  });
});
