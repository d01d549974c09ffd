import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { balanceOf } from '../payments/testing/payment-fixtures';
import { runClearingSimulator } from './rail-worker';
import { usePaymentFileWorld } from './testing/payment-file-world';

// The ISO 20022 channel: SEPA and SWIFT payments gathered into pain.001 files that validate
// against the EPC schema, and pain.002 reports that settle or reject them.
const { test, accounts, sessions, setChannel, payAndConfirm, statusOf, validate, exportFile, pain002 } =
  usePaymentFileWorld();

describe('ISO 20022 files', () => {
  it('writes SEPA and SWIFT pain.001 files that validate, and settles or rejects from pain.002', async () => {
    for (const rail of ['sepa', 'swift']) {
      const set = await setChannel(rail, 'file');
      expect(set.statusCode, set.body).toBe(200);
    }
    const before = await balanceOf(test.db, accounts.aliceEur);
    const settled = await payAndConfirm({
      type: 'sepa',
      account_id: accounts.aliceEur.id,
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
      account_id: accounts.aliceEur.id,
      amount: 1,
      currency: 'EUR',
      recipient: { name: 'Camille Dupont', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPPAR' },
    });
    const swift = await payAndConfirm({
      type: 'international',
      account_id: accounts.aliceEur.id,
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
        headers: sessions.operator.headers,
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
        headers: sessions.alice.headers,
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
      headers: sessions.operator.headers,
      payload: { xml: report },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ settled: 1, rejected: 1 });
    expect(imported.json().data.ignored).toHaveLength(1);
    expect(await statusOf(settled.id)).toBe('completed');
    expect(await statusOf(rejected.id)).toBe('rejected');
    expect(await statusOf(swift.id)).toBe('processing');
    const after = await balanceOf(test.db, accounts.aliceEur);
    expect(after.balance).toBe(before.balance - settled.total);
    expect(after.available).toBe(before.balance - settled.total - swift.total);

    const again = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-files/status',
      headers: sessions.operator.headers,
      payload: { xml: report },
    });
    expectProblem(again, 409, 'status_file_already_imported');
    const xxe = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-files/status',
      headers: sessions.operator.headers,
      payload: { xml: `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${report}` },
    });
    expectProblem(xxe, 422, 'status_file_invalid');
    const byClient = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/payment-files',
      headers: sessions.alice.headers,
    });
    expectProblem(byClient, 401);
  });
});
