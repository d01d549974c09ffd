import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findDisguisedInteger, parseJsonStrict } from '../../lib/parse-json-strict';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { expectProblem, logIn, signUpAndConfirm } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants, freezeAccount, unfreezeAccount } from '../ledger/index';
import {
  balanceOf,
  type DemoAccount,
  latestCode,
  logInDemo,
  openFundedAccount,
  type Session,
  seedDemo,
} from './testing/payment-fixtures';

// docs/reliability.md, bad inputs (5, 8, 9, 11, 13, 14) as fixed regression cases for payments and
// recipients, the ones client-payment-routes.test.ts does not already cover. Every refusal is checked
// twice: its status and code, and that nothing was written (no payment, recipient, ledger
// transfer or rail submission).
const ALICE = 'private@demo.test';
const BOB = 'business@demo.test';
const SEPA_IBAN = 'DE89370400440532013000';

let test: TestApp;
let alice: Session;
let bob: Session;
let aliceEur: DemoAccount;
let bobEur: DemoAccount;
let keyCounter = 0;

const sepaPayee = (overrides: Record<string, string> = {}) => ({
  name: 'Erika Mustermann',
  iban: SEPA_IBAN,
  bic: 'COBADEFFXXX',
  ...overrides,
});
const swiftPayee = (overrides: Record<string, string> = {}) => ({
  name: 'John Smith',
  address: '1 Main Street, New York',
  country: 'US',
  account_number: '123456789',
  bank_name: 'Chase',
  swift: 'CHASUS33',
  ...overrides,
});
const sepaBody = (overrides: Record<string, unknown> = {}) => ({
  type: 'sepa',
  account_id: aliceEur.id,
  amount: 100,
  currency: 'EUR',
  recipient: sepaPayee(),
  ...overrides,
});

function postJson(session: Session, url: string, payload: string | object, key?: string) {
  return test.app.inject({
    method: 'POST',
    url,
    headers: {
      ...session.headers,
      'content-type': 'application/json',
      'idempotency-key': key ?? `bad-input-${++keyCounter}`,
    },
    payload,
  });
}
const pay = (session: Session, body: string | object) => postJson(session, '/api/client/payments', body);
const addRecipient = (session: Session, body: object) => postJson(session, '/api/client/recipients', body);
const confirmPayment = (session: Session, id: string, code: string) =>
  postJson(session, `/api/client/payments/${id}/confirm`, { code });
const confirmRecipient = (session: Session, id: string, code: string) =>
  postJson(session, `/api/client/recipients/${id}/confirm`, { code });

type Writes = { payments: number; recipients: number; transfers: number; submissions: number };

async function writes(): Promise<Writes> {
  const [row] = await test.db.query<Writes>(
    `SELECT (SELECT count(*) FROM payments)::int AS payments,
       (SELECT count(*) FROM recipients)::int AS recipients,
       (SELECT count(*) FROM ledger_transfers)::int AS transfers,
       (SELECT count(*) FROM rail_submissions)::int AS submissions`,
  );
  if (!row) throw new Error('no counts');
  return row;
}

/** Sends each request and checks it is refused with `status` (and `code`) and wrote nothing. */
async function expectRefused(
  send: () => ReturnType<typeof pay>,
  status: number,
  code?: string,
): Promise<void> {
  const before = await writes();
  const response = await send();
  expectProblem(response, status, code);
  const body = response.json();
  expect(body.message, response.body).toEqual(expect.any(String));
  if (status === 400) expect(body.code, response.body).toEqual(expect.any(String));
  if (status === 422) expect(body.detail, response.body).toEqual(expect.any(String));
  expect(await writes(), response.body).toEqual(before);
}

async function ledgerTransfersOf(paymentId: string): Promise<string[]> {
  const rows = await test.db.query<{ id: string }>(
    `SELECT id FROM ledger_transfers WHERE reference_type = 'payment' AND reference_id = $1 ORDER BY id`,
    [paymentId],
  );
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  aliceEur = await openFundedAccount(test.db, ALICE, 'EUR', 100_000);
  bobEur = await openFundedAccount(test.db, BOB, 'EUR', 50_000);
  alice = await logInDemo(test.app, ALICE);
  bob = await logInDemo(test.app, BOB);
}, 180_000);

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await test?.close();
});

describe('amounts written as anything but a plain JSON integer (bad input 5)', () => {
  it('refuses 1e3, 1E2, 1.0 and their kin in the raw body, on both create routes', async () => {
    const plain = JSON.stringify(sepaBody());
    expect(plain).toContain('"amount":100,');
    for (const token of ['1e3', '1E2', '1.0', '100.00', '1e+3', '1.5e3', '-1e3', '0.0', '1E-0']) {
      const raw = plain.replace('"amount":100,', `"amount":${token},`);
      await expectRefused(() => pay(alice, raw), 400, 'number_format');
      const typed = raw.replace('"type":"sepa",', '');
      await expectRefused(() => postJson(alice, '/api/client/payments/sepa', typed), 400, 'number_format');
    }
    // A real fraction is the schema's to refuse, which names the field.
    const fraction = await pay(alice, plain.replace('"amount":100,', '"amount":10.50,'));
    expectProblem(fraction, 400, 'validation_failed');
    expect(fraction.json().errors).toEqual([expect.objectContaining({ field: 'body.amount' })]);
  });

  it('still takes plain integers, and the same characters inside strings', async () => {
    const created = await pay(alice, sepaBody({ amount: 1000, description: 'Invoice 1e3 of 2.0 units' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ amount: 1000, description: 'Invoice 1e3 of 2.0 units' });
  });

  it('scans only number tokens outside strings', () => {
    expect(findDisguisedInteger('{"a":"1e3","b":[1,-2,0],"c":10.5,"d":true,"e":null}')).toBeUndefined();
    expect(findDisguisedInteger('{"a":"x\\"1.0","b":[0.0]}')).toBe('0.0');
    expect(findDisguisedInteger('[1E2]')).toBe('1E2');
    expect(findDisguisedInteger('{"n":2.5e-1}')).toBe('2.5e-1');
    expect(() => parseJsonStrict('{"amount":1e3}')).toThrow(/plain integers/);
    expect(parseJsonStrict('{"amount":1000,"rate":"1.0e3"}')).toEqual({ amount: 1000, rate: '1.0e3' });
  });
});

describe('payee and remittance text (bad inputs 8 and 9)', () => {
  const longName = 'A'.repeat(71);
  const badNames = {
    'over 70 characters': longName,
    'a zero-width space': 'Erika\u200BMustermann',
    'a bidi override': 'Erika \u202EnnamretsuM',
    'a non-NFC string (Kelvin sign)': 'Erika \u212Aessler',
    'a non-NFC string (combining accent)': 'Rene\u0301 Dupont',
  };

  it('refuses bad names in a payment’s payee and in a saved recipient', async () => {
    for (const name of Object.values(badNames)) {
      await expectRefused(() => pay(alice, sepaBody({ recipient: sepaPayee({ name }) })), 400);
      await expectRefused(() => addRecipient(alice, { type: 'sepa', details: sepaPayee({ name }) }), 400);
      await expectRefused(
        () =>
          pay(alice, sepaBody({ type: 'international', currency: 'USD', recipient: swiftPayee({ name }) })),
        400,
      );
    }
    // The bank's name is a name too.
    await expectRefused(
      () =>
        pay(alice, {
          ...sepaBody({ type: 'international', currency: 'USD' }),
          recipient: swiftPayee({ bank_name: longName }),
        }),
      400,
    );
    // Exactly 70 characters is a name.
    const seventy = await pay(alice, sepaBody({ recipient: sepaPayee({ name: 'A'.repeat(70) }) }));
    expect(seventy.statusCode, seventy.body).toBe(201);
  });

  it('refuses control characters in the description', async () => {
    for (const description of [
      'Invoice\u000042',
      'Invoice 42\u0000',
      'Invoice\r42',
      'Invoice\n42',
      'Invoice\t42',
      'Invoice\u202842',
      'Invoice\u008542',
      'Invoice\u001B[2J',
    ]) {
      await expectRefused(() => pay(alice, sepaBody({ description })), 400);
    }
  });

  it('refuses an invalid BIC in every field that holds one', async () => {
    // Wrong length, a digit in the bank code, a space, a non-ASCII letter, and two well-formed
    // codes whose letters 5 and 6 name no country (ISO 9362).
    const invalid = [
      'COBADEFFXX',
      'COBADEF',
      'CO8ADEFFXXX',
      'COBA DEFF',
      'ÇOBADEFF',
      'COBAXXFFXXX',
      'CHASQQ33',
    ];
    for (const bic of invalid) {
      await expectRefused(() => pay(alice, sepaBody({ recipient: sepaPayee({ bic }) })), 400);
      await expectRefused(() => addRecipient(alice, { type: 'sepa', details: sepaPayee({ bic }) }), 400);
      for (const field of ['swift', 'correspondent_bank']) {
        const recipient = swiftPayee({ [field]: bic });
        await expectRefused(
          () => pay(alice, sepaBody({ type: 'international', currency: 'USD', recipient })),
          400,
        );
      }
    }
    // The same codes typed in lower case are fine.
    const lower = await pay(alice, sepaBody({ recipient: sepaPayee({ bic: 'cobadeffxxx' }) }));
    expect(lower.statusCode, lower.body).toBe(201);
    expect(lower.json().data.payee.bic).toBe('COBADEFFXXX');
  });
});

describe('state and ownership (bad inputs 11, 13 and 14)', () => {
  it('refuses to pay from a frozen account, when created and when confirmed', async () => {
    const account = await openFundedAccount(test.db, ALICE, 'GBP', 10_000);
    const fasterPay = {
      type: 'faster_pay',
      account_id: account.id,
      amount: 500,
      currency: 'GBP',
      recipient: { name: 'Tom Jones', sort_code: '200000', account_number: '55779911' },
    };
    const freeze = { accountId: account.ledgerAccountId, reason: 'Fraud check', actor: 'test' };
    // Created before the freeze, confirmed after it: no hold, no rail row, the code still good.
    const created = await pay(alice, fasterPay);
    expect(created.statusCode, created.body).toBe(201);
    const payment = created.json().data;
    const code = await latestCode(test.app, ALICE);
    expect((await freezeAccount(test.db, freeze)).ok).toBe(true);
    const before = await balanceOf(test.db, account);
    await expectRefused(() => confirmPayment(alice, payment.id, code), 409, 'account_frozen');
    expect(await ledgerTransfersOf(payment.id)).toEqual([]);
    expect(await balanceOf(test.db, account)).toEqual(before);
    // A new payment from it is refused at once, before a code is sent.
    await expectRefused(() => pay(alice, fasterPay), 409, 'account_frozen');
    await expectRefused(
      () =>
        pay(alice, {
          ...fasterPay,
          type: 'internal',
          recipient: { name: 'Bob', account_number: bobEur.iban },
        }),
      409,
      'account_frozen',
    );

    expect((await unfreezeAccount(test.db, freeze)).ok).toBe(true);
    const confirmed = await confirmPayment(alice, payment.id, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe('processing');
  });

  it('refuses clients that are not approved', async () => {
    await signUpAndConfirm(test.app, 'not-approved@example.test');
    const newcomer = await logIn(test.app, 'not-approved@example.test');
    await expectRefused(() => pay(newcomer, sepaBody()), 409, 'client_not_approved');
    await expectRefused(
      () => addRecipient(newcomer, { type: 'sepa', details: sepaPayee() }),
      409,
      'client_not_approved',
    );
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/client/payments',
      headers: newcomer.headers,
    });
    expectProblem(list, 409, 'client_not_approved');

    // An approved client whose status changes (a closing requested) can no longer pay, even
    // a payment created before, with its code.
    const created = await pay(bob, { ...sepaBody(), account_id: bobEur.id });
    expect(created.statusCode, created.body).toBe(201);
    const code = await latestCode(test.app, BOB);
    await test.db.query(`UPDATE clients SET status = 'DEACTIVATION_REQUESTED' WHERE email = $1`, [BOB]);
    try {
      await expectRefused(
        () => pay(bob, { ...sepaBody(), account_id: bobEur.id }),
        409,
        'client_not_approved',
      );
      await expectRefused(
        () => confirmPayment(bob, created.json().data.id, code),
        409,
        'client_not_approved',
      );
      expect(await ledgerTransfersOf(created.json().data.id)).toEqual([]);
    } finally {
      await test.db.query(`UPDATE clients SET status = 'APPROVED' WHERE email = $1`, [BOB]);
    }
  });

  it('answers 404 when client B confirms, reads or pays with client A’s recipient', async () => {
    const added = await addRecipient(alice, { type: 'sepa', details: sepaPayee({ name: 'Alice Payee' }) });
    expect(added.statusCode, added.body).toBe(201);
    const recipient = added.json().data;
    const code = await latestCode(test.app, ALICE);
    // Even Alice's own, correct code does not let Bob confirm it, and his try costs her nothing.
    await expectRefused(() => confirmRecipient(bob, recipient.id, code), 404);
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/client/recipients/${recipient.id}`,
      headers: bob.headers,
    });
    expectProblem(read, 404);
    expect(read.body).not.toContain('Alice Payee');
    const confirmed = await confirmRecipient(alice, recipient.id, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const bobsPayment = { type: 'sepa', account_id: bobEur.id, amount: 100, currency: 'EUR' };
    await expectRefused(() => pay(bob, { ...bobsPayment, recipient_id: recipient.id }), 404);
    // A well-formed id that exists nowhere is the same 404.
    await expectRefused(() => confirmRecipient(bob, '7b0c9a52-3c55-4bd1-9a0e-0f2d6c8a9b11', '123456'), 404);
  });

  it('refuses an expired payment code (injected clock), keeping the money where it was', async () => {
    const start = Math.floor(Date.now() / 1000) * 1000;
    const at = (seconds: number) => new Date(start + seconds * 1000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(0));
    const created = await pay(alice, sepaBody({ amount: 4_200 }));
    expect(created.statusCode, created.body).toBe(201);
    const payment = created.json().data;
    expect(payment.sca.expires_at).toBe(at(300).toISOString());
    const code = await latestCode(test.app, ALICE);
    const before = await balanceOf(test.db, aliceEur);
    // The session stays alive (idle under five minutes); only the code runs out.
    vi.setSystemTime(at(240));
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/client/payments/${payment.id}`,
      headers: alice.headers,
    });
    expect(read.json().data.sca).not.toBeNull();
    vi.setSystemTime(at(300));
    await expectRefused(() => confirmPayment(alice, payment.id, code), 422, 'sca_code_invalid');
    expect(await ledgerTransfersOf(payment.id)).toEqual([]);
    expect(await balanceOf(test.db, aliceEur)).toEqual(before);
    const after = await test.app.inject({
      method: 'GET',
      url: `/api/client/payments/${payment.id}`,
      headers: alice.headers,
    });
    expect(after.json().data).toMatchObject({ status: 'awaiting_confirmation', sca: null });
  });

  it('refuses an expired recipient code (injected clock)', async () => {
    const start = Math.floor(Date.now() / 1000) * 1000;
    const at = (seconds: number) => new Date(start + seconds * 1000);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(0));
    const added = await addRecipient(alice, { type: 'sepa', details: sepaPayee({ name: 'Late Payee' }) });
    expect(added.statusCode, added.body).toBe(201);
    const code = await latestCode(test.app, ALICE);
    vi.setSystemTime(at(240));
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/client/recipients',
      headers: alice.headers,
    });
    expect(list.statusCode).toBe(200);
    vi.setSystemTime(at(301));
    await expectRefused(() => confirmRecipient(alice, added.json().data.id, code), 422, 'sca_code_invalid');
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/client/recipients/${added.json().data.id}`,
      headers: alice.headers,
    });
    expect(read.json().data).toMatchObject({ status: 'pending_confirmation', sca: null });
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedgerInvariants(test.db);
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
