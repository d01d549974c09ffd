import { describe, expect, it } from 'vitest';
import { findDisguisedInteger, parseJsonStrict } from '../../lib/parse-json-strict';
import { expectProblem } from '../../testing/onboarding-helpers';
import { useBadInputWorld } from './testing/bad-input-world';

// Bad inputs 5, 8 and 9 as fixed regression cases for payments and recipients, the ones
// client-payment-routes.test.ts does not already cover: amounts that are not plain integers
// and bad payee and remittance text. Every refusal is checked twice: its status and code, and
// that nothing was written (no payment, recipient, ledger transfer or rail submission).
// The requirements: docs/requirements/payments.md.
const { sessions, sepaPayee, swiftPayee, sepaBody, postJson, pay, addRecipient, expectRefused } =
  useBadInputWorld();

describe('amounts written as anything but a plain JSON integer (bad input 5)', () => {
  it('refuses 1e3, 1E2, 1.0 and their kin in the raw body, on both create routes', async () => {
    const plain = JSON.stringify(sepaBody());
    expect(plain).toContain('"amount":100,');
    for (const token of ['1e3', '1E2', '1.0', '100.00', '1e+3', '1.5e3', '-1e3', '0.0', '1E-0']) {
      const raw = plain.replace('"amount":100,', `"amount":${token},`);
      await expectRefused(() => pay(sessions.alice, raw), 400, 'number_format');
      const typed = raw.replace('"type":"sepa",', '');
      await expectRefused(
        () => postJson(sessions.alice, '/api/client/payments/sepa', typed),
        400,
        'number_format',
      );
    }
    // A real fraction is the schema's to refuse, which names the field.
    const fraction = await pay(sessions.alice, plain.replace('"amount":100,', '"amount":10.50,'));
    expectProblem(fraction, 400, 'validation_failed');
    expect(fraction.json().errors).toEqual([expect.objectContaining({ field: 'body.amount' })]);
  });

  it('still takes plain integers, and the same characters inside strings', async () => {
    const created = await pay(
      sessions.alice,
      sepaBody({ amount: 1000, description: 'Invoice 1e3 of 2.0 units' }),
    );
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
      await expectRefused(() => pay(sessions.alice, sepaBody({ recipient: sepaPayee({ name }) })), 400);
      await expectRefused(
        () => addRecipient(sessions.alice, { type: 'sepa', details: sepaPayee({ name }) }),
        400,
      );
      await expectRefused(
        () =>
          pay(
            sessions.alice,
            sepaBody({ type: 'international', currency: 'USD', recipient: swiftPayee({ name }) }),
          ),
        400,
      );
    }
    // The bank's name is a name too.
    await expectRefused(
      () =>
        pay(sessions.alice, {
          ...sepaBody({ type: 'international', currency: 'USD' }),
          recipient: swiftPayee({ bank_name: longName }),
        }),
      400,
    );
    // Exactly 70 characters is a name.
    const seventy = await pay(sessions.alice, sepaBody({ recipient: sepaPayee({ name: 'A'.repeat(70) }) }));
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
      await expectRefused(() => pay(sessions.alice, sepaBody({ description })), 400);
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
      await expectRefused(() => pay(sessions.alice, sepaBody({ recipient: sepaPayee({ bic }) })), 400);
      await expectRefused(
        () => addRecipient(sessions.alice, { type: 'sepa', details: sepaPayee({ bic }) }),
        400,
      );
      for (const field of ['swift', 'correspondent_bank']) {
        const recipient = swiftPayee({ [field]: bic });
        await expectRefused(
          () => pay(sessions.alice, sepaBody({ type: 'international', currency: 'USD', recipient })),
          400,
        );
      }
    }
    // The same codes typed in lower case are fine.
    const lower = await pay(sessions.alice, sepaBody({ recipient: sepaPayee({ bic: 'cobadeffxxx' }) }));
    expect(lower.statusCode, lower.body).toBe(201);
    expect(lower.json().data.payee.bic).toBe('COBADEFFXXX');
  });
});
