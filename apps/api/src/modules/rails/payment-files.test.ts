import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { expectProblem } from '../../testing/onboarding-helpers';
import { checkLedgerInvariants } from '../ledger/index';
import {
  balanceOf,
  type DemoAccount,
  latestCode,
  logInDemo,
  openFundedAccount,
  type Session,
  seedDemo,
} from '../payments/testing/payment-fixtures';
import { runClearingSimulator } from './rail-worker';

// The ISO 20022 channel and the rail outbox: SEPA and SWIFT payments gathered into pain.001
// files that validate against the EPC schema, pain.002 reports that settle or reject them, and
// a simulator that submits each payment exactly once however often it runs or restarts.
const ALICE = 'private@demo.test';
const schemaPath = join(import.meta.dirname, 'iso20022', 'pain.001.001.09.epc-sct-2023.xsd');

let test: TestApp;
let alice: Session;
let operator: Session;
let aliceEur: DemoAccount;
let keys = 0;

async function payAndConfirm(body: Record<string, unknown>) {
  const created = await test.app.inject({
    method: 'POST',
    url: '/api/client/payments',
    headers: { ...alice.headers, 'idempotency-key': `files-${++keys}` },
    payload: body,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id: string = created.json().data.id;
  const confirmed = await test.app.inject({
    method: 'POST',
    url: `/api/client/payments/${id}/confirm`,
    headers: alice.headers,
    payload: { code: await latestCode(test.app, ALICE) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return created.json().data as { id: string; end_to_end_id: string; total: number };
}

async function statusOf(id: string): Promise<string> {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/client/payments/${id}`,
    headers: alice.headers,
  });
  return response.json().data.status;
}

async function validate(xml: string) {
  return validateXML({
    xml: [{ fileName: 'file.xml', contents: xml }],
    schema: [{ fileName: 'pain.001.xsd', contents: await readFile(schemaPath, 'utf8') }],
  });
}

async function exportFile(rail: 'sepa' | 'swift') {
  const created = await test.app.inject({
    method: 'POST',
    url: '/api/backoffice/payment-files',
    headers: operator.headers,
    payload: { rail },
  });
  expect(created.statusCode, created.body).toBe(201);
  const file = created.json().data;
  const download = await test.app.inject({
    method: 'GET',
    url: `/api/backoffice/payment-files/${file.id}/xml`,
    headers: operator.headers,
  });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-disposition']).toMatch(/^attachment; filename="pain\.001-/);
  return { file, xml: download.body };
}

function pain002(originalMessageId: string, messageId: string, rows: [string, string][]) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>2026-01-05T10:00:00Z</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>${originalMessageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>X</OrgnlPmtInfId>
${rows
  .map(
    ([endToEnd, status]) =>
      `      <TxInfAndSts><OrgnlEndToEndId>${endToEnd}</OrgnlEndToEndId><TxSts>${status}</TxSts>${
        status === 'RJCT'
          ? '<StsRsnInf><Rsn><Cd>AC04</Cd></Rsn><AddtlInf>Account closed</AddtlInf></StsRsnInf>'
          : ''
      }</TxInfAndSts>`,
  )
  .join('\n')}
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;
}

beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
  aliceEur = await openFundedAccount(test.db, ALICE, 'EUR', 5_000_000);
  alice = await logInDemo(test.app, ALICE);
  operator = await logInDemo(test.app, 'payments@demo.test', true);
}, 180_000);

afterAll(async () => {
  await test?.close();
});

describe('ISO 20022 files', () => {
  it('writes SEPA and SWIFT pain.001 files that validate, and settles or rejects from pain.002', async () => {
    for (const rail of ['sepa', 'swift']) {
      const set = await test.app.inject({
        method: 'PUT',
        url: `/api/backoffice/payment-rails/${rail}`,
        headers: operator.headers,
        payload: { channel: 'file' },
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    const before = await balanceOf(test.db, aliceEur);
    const settled = await payAndConfirm({
      type: 'sepa',
      account_id: aliceEur.id,
      amount: 12_345,
      currency: 'EUR',
      recipient: {
        name: 'Jürgen Müller',
        iban: 'DE89 3704 0044 0532 0130 00',
        address: 'Hauptstraße 1, Berlin',
      },
      description: 'Rechnung 2026/01 (Miete)',
    });
    const rejected = await payAndConfirm({
      type: 'sepa',
      account_id: aliceEur.id,
      amount: 1,
      currency: 'EUR',
      recipient: { name: 'Camille Dupont', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' },
    });
    const swift = await payAndConfirm({
      type: 'international',
      account_id: aliceEur.id,
      amount: 250_000,
      currency: 'USD',
      recipient: {
        name: 'Acme Inc',
        address: '1 Main Street, Zurich',
        country: 'CH',
        account_number: 'CH9300762011623852957',
        bank_name: 'Example Bank',
        swift: 'UBSWCHZH80A',
      },
    });
    // The simulator leaves file-channel payments alone.
    expect((await runClearingSimulator(test.db, { delaySeconds: 0 })).submitted).toBe(0);

    const sepa = await exportFile('sepa');
    expect(sepa.file).toMatchObject({
      kind: 'pain.001',
      rail: 'sepa',
      payment_count: 2,
      control_sum: '123.46',
    });
    const sepaCheck = await validate(sepa.xml);
    expect(sepaCheck.errors).toEqual([]);
    expect(sepaCheck.valid).toBe(true);
    // The check has teeth: a charge bearer outside the EPC's SLEV fails it.
    expect((await validate(sepa.xml.replace('<ChrgBr>SLEV</ChrgBr>', '<ChrgBr>SHAR</ChrgBr>'))).valid).toBe(
      false,
    );
    expect(sepa.xml).toContain('<Nm>Jurgen Muller</Nm>');
    expect(sepa.xml).toContain(`<EndToEndId>${settled.end_to_end_id}</EndToEndId>`);

    const international = await exportFile('swift');
    expect(international.xml).toContain('<InstdAmt Ccy="USD">2500.00</InstdAmt>');
    const swiftCheck = await validate(international.xml);
    expect(swiftCheck.errors).toEqual([]);
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: '/api/backoffice/payment-files',
        headers: operator.headers,
        payload: { rail: 'sepa' },
      }),
      409,
      'nothing_to_export',
    );
    // Sent in a file: the client can no longer cancel.
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: `/api/client/payments/${settled.id}/cancel`,
        headers: alice.headers,
      }),
      409,
      'payment_already_sent',
    );

    const report = pain002(sepa.file.message_id, 'BANK-REPORT-1', [
      [settled.end_to_end_id, 'ACSC'],
      [rejected.end_to_end_id, 'RJCT'],
      ['UNKNOWN1', 'ACSC'],
    ]);
    const imported = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-files/status',
      headers: operator.headers,
      payload: { xml: report },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ settled: 1, rejected: 1 });
    expect(imported.json().data.ignored).toHaveLength(1);
    expect(await statusOf(settled.id)).toBe('completed');
    expect(await statusOf(rejected.id)).toBe('rejected');
    expect(await statusOf(swift.id)).toBe('processing');
    const after = await balanceOf(test.db, aliceEur);
    expect(after.balance).toBe(before.balance - settled.total);
    expect(after.available).toBe(before.balance - settled.total - swift.total);

    const again = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-files/status',
      headers: operator.headers,
      payload: { xml: report },
    });
    expectProblem(again, 409, 'status_file_already_imported');
    const xxe = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-files/status',
      headers: operator.headers,
      payload: { xml: `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${report}` },
    });
    expectProblem(xxe, 422, 'status_file_invalid');
    const byClient = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/payment-files',
      headers: alice.headers,
    });
    expectProblem(byClient, 401);
  });
});

describe('the rail outbox', () => {
  it('submits each payment once and settles it once, however often the worker runs or restarts', async () => {
    await test.app.inject({
      method: 'PUT',
      url: '/api/backoffice/payment-rails/sepa',
      headers: operator.headers,
      payload: { channel: 'simulator' },
    });
    const payment = await payAndConfirm({
      type: 'sepa',
      account_id: aliceEur.id,
      amount: 500,
      currency: 'EUR',
      recipient: { name: 'Outbox Test', iban: 'DE89370400440532013000' },
    });
    const now = new Date();
    // First pass submits with a delay; the "process dies" before the clearing answers.
    const [first, second] = await Promise.all([
      runClearingSimulator(test.db, { now, delaySeconds: 60 }),
      runClearingSimulator(test.db, { now, delaySeconds: 60 }),
    ]);
    expect((first?.submitted ?? 0) + (second?.submitted ?? 0)).toBe(1);
    expect(await statusOf(payment.id)).toBe('processing');
    // A restarted worker picks the row up where it was and settles it after the delay, once.
    const later = new Date(now.getTime() + 61_000);
    const runs = await Promise.all([1, 2, 3].map(() => runClearingSimulator(test.db, { now: later })));
    expect(runs.reduce((sum, run) => sum + run.resolved, 0)).toBe(1);
    expect(await statusOf(payment.id)).toBe('completed');
    const [row] = await test.db.query<{ attempts: number; state: string }>(
      'SELECT attempts, state FROM rail_submissions WHERE payment_id = $1',
      [payment.id],
    );
    expect(row).toEqual({ attempts: 1, state: 'settled' });
    const transfers = await test.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transfers WHERE reference_type = 'payment' AND reference_id = $1`,
      [payment.id],
    );
    // Two holds and their two posts: nothing twice.
    expect(transfers[0]?.n).toBe(4);
  });

  it('cancels unconfirmed payments, and keeps the money of one sent in a file held until the bank answers', async () => {
    await test.app.inject({
      method: 'PUT',
      url: '/api/backoffice/payment-rails/sepa',
      headers: operator.headers,
      payload: { channel: 'file' },
    });
    const unconfirmed = await test.app.inject({
      method: 'POST',
      url: '/api/client/payments',
      headers: { ...alice.headers, 'idempotency-key': `files-${++keys}` },
      payload: {
        type: 'sepa',
        account_id: aliceEur.id,
        amount: 400,
        currency: 'EUR',
        recipient: { name: 'Late', iban: 'DE89370400440532013000' },
      },
    });
    const sent = await payAndConfirm({
      type: 'sepa',
      account_id: aliceEur.id,
      amount: 600,
      currency: 'EUR',
      recipient: { name: 'Slow Bank', iban: 'DE89370400440532013000' },
    });
    const { file } = await exportFile('sepa');
    const before = await balanceOf(test.db, aliceEur);
    // Eleven days without an answer: the unconfirmed payment is cancelled, but the money sent
    // in the file stays held (the bank may have paid it out), and so does the SWIFT payment of
    // the file test.
    const report = await runClearingSimulator(test.db, { now: new Date(Date.now() + 11 * 86_400_000) });
    expect(report.expired).toBe(1);
    expect(await statusOf(unconfirmed.json().data.id)).toBe('cancelled');
    expect(await statusOf(sent.id)).toBe('processing');
    expect(await balanceOf(test.db, aliceEur)).toEqual(before);
    // The bank's late answer still settles it, once.
    const imported = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-files/status',
      headers: operator.headers,
      payload: { xml: pain002(file.message_id, 'BANK-REPORT-LATE', [[sent.end_to_end_id, 'ACSC']]) },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ settled: 1, rejected: 0 });
    expect(await statusOf(sent.id)).toBe('completed');
    expect(await balanceOf(test.db, aliceEur)).toEqual({
      balance: before.balance - sent.total,
      available: before.available,
    });
  });

  it('leaves the ledger consistent', async () => {
    const report = await checkLedgerInvariants(test.db);
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
