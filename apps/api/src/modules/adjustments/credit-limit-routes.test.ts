import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import type { Session } from '../../testing/onboarding-helpers';
import { buildCamt053 } from '../bank-statements/testing/camt053-builder';
import {
  type DemoClient,
  demoClient,
  post,
  today,
  uploadStatement,
} from '../bank-statements/testing/statement-fixtures';
import { checkLedgerInvariants, getAccount } from '../ledger';

// What one operator brings in alone is limited by a rolling 24-hour total per operator and per
// client account, in euros at the reference rate (MANUAL_CREDIT_APPROVAL_THRESHOLD_MINOR,
// 1,000.00 EUR by default): a credit that would take either past it waits for a second
// operator, so splitting a large sum into small credits creates nothing (docs/incoming-money.md).
const { test, sessions, accounts } = useDemoWorld({
  accounts: { kwd: ['private@demo.test', 'KWD', 0] },
  sessions: {
    payments: ['payments@demo.test', true],
    admin: ['admin@demo.test', true],
    compliance: ['compliance@demo.test', true],
  },
});
let business: DemoClient;
let other: DemoClient;

beforeAll(async () => {
  business = await demoClient(test.db, 'business@demo.test');
  other = await demoClient(test.db, 'private@demo.test');
});

// Each test starts on a fresh day: what was booked before is moved out of the 24-hour window.
afterEach(async () => {
  await test.db.query(`UPDATE single_operator_credits SET booked_at = booked_at - interval '1 day'`);
});

const balance = async (account: string) => (await getAccount(test.db, account))?.balanceMinor ?? 0;
const typed = (session: Session, reference: string, amount: number, to = business, currency = 'EUR') =>
  test.app.inject({
    method: 'POST',
    url: '/api/backoffice/incoming_payments',
    headers: { ...session.headers, 'idempotency-key': reference },
    payload: {
      iban: to.iban,
      currency,
      amount,
      rail: currency === 'EUR' ? 'sepa' : 'swift',
      payer_name: 'Contoso GmbH',
      payer_country: 'DE',
      bank_reference: reference,
    },
  });
const statuses = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode);
const auditOf = async (action: string, key: string, value: string) => {
  const [row] = await test.db.query<{ details: Record<string, unknown> }>(
    `SELECT details FROM audit_log WHERE action = $1 AND details ->> $2 = $3`,
    [action, key, value],
  );
  return row?.details;
};

describe('the rolling limit on what one operator brings in alone', () => {
  it('books ten small credits by one operator only up to the threshold; the rest wait, and an approval books', async () => {
    const answers = [];
    for (let index = 0; index < 10; index++)
      answers.push(await typed(sessions.payments, `TEN-${index}`, 30_000));
    expect(statuses(answers)).toEqual([201, 201, 201, 202, 202, 202, 202, 202, 202, 202]);
    // Exactly at the threshold is still one operator's; a cent more is not.
    expect((await typed(sessions.payments, 'TEN-TOP', 10_000)).statusCode).toBe(201);
    expect((await typed(sessions.payments, 'TEN-CENT', 1)).statusCode).toBe(202);
    expect(await auditOf('operator.incoming_payment_proposed', 'bank_reference', 'TEN-3')).toMatchObject({
      four_eyes: {
        reason: 'operator_total',
        eur_minor: 30_000,
        operator_total_eur_minor: 90_000,
        account_total_eur_minor: 90_000,
        threshold_eur_minor: 100_000,
      },
    });

    const pending = answers[3]?.json().data;
    const before = await balance(business.eur);
    const approved = await post(test.app, sessions.compliance, `/manual_credits/${pending.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', decided_by: 'compliance@demo.test' });
    expect(await balance(business.eur)).toBe(before + 30_000 - 2_000);
    expect(await auditOf('operator.incoming_payment_approved', 'bank_reference', 'TEN-3')).toBeDefined();
    // The approved credit had four eyes: it does not count, and the operator is still at the limit.
    expect((await typed(sessions.payments, 'TEN-AFTER', 1)).statusCode).toBe(202);
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('counts the last 24 hours only', async () => {
    expect((await typed(sessions.payments, 'DAY-1', 100_000)).statusCode).toBe(201);
    expect((await typed(sessions.payments, 'DAY-2', 100)).statusCode).toBe(202);
    await test.db.query(`UPDATE single_operator_credits SET booked_at = booked_at - interval '23 hours'`);
    expect((await typed(sessions.payments, 'DAY-3', 100)).statusCode).toBe(202);
    await test.db.query(`UPDATE single_operator_credits SET booked_at = booked_at - interval '1 hour'`);
    expect((await typed(sessions.payments, 'DAY-4', 100)).statusCode).toBe(201);
  });

  it('weighs a credit in euros at the reference rate: 1,000.000 KWD waits, 100.000 KWD does not', async () => {
    const kwd = { id: other.id, iban: accounts.kwd.iban, eur: accounts.kwd.ledgerAccountId };
    const big = await typed(sessions.payments, 'KWD-BIG', 1_000_000, kwd, 'KWD');
    expect(big.statusCode, big.body).toBe(202);
    expect(big.json().data).toMatchObject({ status: 'pending', amount: 1_000_000, currency: 'KWD' });
    expect(await balance(kwd.eur)).toBe(0);
    // 1,000.000 KWD at 0.358 KWD per euro is 2,793.30 EUR (rounded up).
    expect(await auditOf('operator.incoming_payment_proposed', 'bank_reference', 'KWD-BIG')).toMatchObject({
      four_eyes: { reason: 'single_credit', eur_minor: 279_330 },
    });
    const small = await typed(sessions.payments, 'KWD-SMALL', 100_000, kwd, 'KWD');
    expect(small.statusCode, small.body).toBe(201);
    const [row] = await test.db.query<{ eur_minor: number }>(
      `SELECT eur_minor FROM single_operator_credits WHERE reference = 'KWD-SMALL'`,
    );
    // 100.000 KWD is 279.329608... EUR: counted as 279.33, never less.
    expect(row?.eur_minor).toBe(27_933);
  });

  it('makes the later credits wait when two operators split a sum on one client account', async () => {
    expect((await typed(sessions.payments, 'SPLIT-1', 60_000)).statusCode).toBe(201);
    expect((await typed(sessions.admin, 'SPLIT-2', 30_000)).statusCode).toBe(201);
    const third = await typed(sessions.admin, 'SPLIT-3', 20_000);
    expect(third.statusCode, third.body).toBe(202);
    expect(await auditOf('operator.incoming_payment_proposed', 'bank_reference', 'SPLIT-3')).toMatchObject({
      four_eyes: {
        reason: 'account_total',
        operator_total_eur_minor: 30_000,
        account_total_eur_minor: 90_000,
      },
    });
    // Another client's account has a total of its own.
    expect((await typed(sessions.admin, 'SPLIT-4', 20_000, other)).statusCode).toBe(201);
  });

  it('counts an unmatched bank credit assigned by one operator toward the same totals', async () => {
    const xml = buildCamt053({
      messageId: 'STMT-LIMIT',
      date: today(),
      accountIban: 'GB33BUKB20201555555555',
      opening: '0.00',
      credits: [
        { reference: 'U-1', amount: '700.00', creditorIban: 'DE89370400440532013000' },
        { reference: 'U-2', amount: '400.00', creditorIban: 'DE89370400440532013000' },
      ],
    });
    const imported = await uploadStatement(test.app, sessions.payments, xml);
    expect(imported.statusCode, imported.body).toBe(201);
    const ids = Object.fromEntries(
      imported
        .json()
        .data.credits.map((credit: { bank_reference: string; id: string }) => [
          credit.bank_reference,
          credit.id,
        ]),
    );
    expect((await typed(sessions.payments, 'MIX-1', 20_000)).statusCode).toBe(201);
    const first = await post(test.app, sessions.payments, `/credits/${ids['U-1']}/assign`, {
      iban: business.iban,
    });
    expect(first.json().data, first.body).toMatchObject({ status: 'resolved', needs_second_operator: false });
    // The admin's own total is nothing yet, but the account's would be 1,300.00.
    const second = await post(test.app, sessions.admin, `/credits/${ids['U-2']}/assign`, {
      iban: business.iban,
    });
    expect(second.json().data, second.body).toMatchObject({
      status: 'awaiting_approval',
      needs_second_operator: true,
    });
    expect(await auditOf('operator.bank_credit_assigned', 'bank_reference', 'U-2')).toMatchObject({
      needs_approval: true,
      four_eyes: { reason: 'account_total', account_total_eur_minor: 90_000 },
    });
    // The payments operator is at 900.00 from a typed credit and an assignment.
    expect((await typed(sessions.payments, 'MIX-2', 15_000, other)).statusCode).toBe(202);

    const before = await balance(business.eur);
    const approved = await post(test.app, sessions.compliance, `/credits/${ids['U-2']}/approve`);
    expect(approved.json().data, approved.body).toMatchObject({
      status: 'resolved',
      decided_by: 'compliance@demo.test',
    });
    expect(await balance(business.eur)).toBe(before + 40_000 - 2_000);
    expect(await auditOf('operator.bank_credit_approved', 'bank_reference', 'U-2')).toBeDefined();
    expect((await checkLedgerInvariants(test.db)).ok).toBe(true);
  });

  it('lets only the credits under the limit through when one operator sends ten at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => typed(sessions.payments, `RACE-${index}`, 30_000)),
    );
    expect(statuses(answers).sort()).toEqual([201, 201, 201, 202, 202, 202, 202, 202, 202, 202]);
    const [total] = await test.db.query<{ eur: string }>(
      `SELECT sum(eur_minor)::text AS eur FROM single_operator_credits WHERE reference LIKE 'RACE-%'`,
    );
    expect(total?.eur).toBe('90000');
  });
});
