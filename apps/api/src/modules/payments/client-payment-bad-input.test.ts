import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { newKey, sepaPayee, usePaymentsApi } from './testing/payments-api-context';

// docs/requirements/payments.md's API tests: every bad input of the list of docs/reliability.md
// refused with its 4xx, nothing written.
const { test, accounts, sessions, pay } = usePaymentsApi();

describe('payments: bad input', () => {
  it('refuses every bad input of the list with its 4xx', async () => {
    const base = {
      type: 'sepa',
      account_id: accounts.aliceEur.id,
      amount: 100,
      currency: 'EUR',
      recipient: sepaPayee(),
    };
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ ...base, amount: 10.5 }, 400],
      [{ ...base, amount: '100' }, 400],
      [{ ...base, amount: null }, 400],
      [{ ...base, amount: 0 }, 422, 'amount_must_be_positive'],
      [{ ...base, amount: -5 }, 422, 'amount_must_be_positive'],
      [{ ...base, amount: 2 ** 53 }, 422, 'amount_exceeds_safe_range'],
      [{ ...base, currency: 'eur' }, 422, 'currency_invalid'],
      [{ ...base, currency: 'ABC' }, 422, 'currency_invalid'],
      [{ ...base, currency: 'USD' }, 422, 'currency_not_allowed'],
      [{ ...base, fee: 0 }, 400],
      [{ ...base, status: 'completed' }, 400],
      [{ ...base, rate: '1.0' }, 400],
      [{ ...base, recipient: { ...sepaPayee(), iban: 'DE89370400440532013001' } }, 422],
      [{ ...base, description: 'line\r\nbreak' }, 400],
      [{ ...base, description: 'x'.repeat(141) }, 400],
      [{ ...base, description: 'evil\u202Etxt' }, 400],
      [{ ...base, account_id: 'not-a-uuid' }, 400],
      [{ ...base, account_id: accounts.bobEur.id }, 404],
      [{ ...base, recipient_id: '00000000-0000-4000-8000-000000000000' }, 400],
      [
        {
          type: 'faster_pay',
          account_id: accounts.aliceGbp.id,
          amount: 100_000_001,
          currency: 'GBP',
          recipient: { name: 'Big', sort_code: '200000', account_number: '55779911' },
        },
        422,
        'amount_over_scheme_limit',
      ],
      [
        {
          type: 'faster_pay',
          account_id: accounts.aliceEur.id,
          amount: 100,
          currency: 'GBP',
          recipient: { name: 'Big', sort_code: '200000', account_number: '55779911' },
        },
        422,
        'account_currency_mismatch',
      ],
      [{ ...base, amount: 10_000_000_00 }, 422, 'insufficient_funds'],
    ];
    for (const [payload, status, code] of cases) {
      const response = await pay(sessions.alice, payload);
      expect(response.statusCode, `${JSON.stringify(payload)} ${response.body}`).toBe(status);
      if (code) expect(response.json().code).toBe(code);
    }
    const noKey = await test.app.inject({
      method: 'POST',
      url: '/api/client/payments',
      headers: sessions.alice.headers,
      payload: base,
    });
    expectProblem(noKey, 400, 'idempotency_key_missing');
    const longKey = await pay(sessions.alice, base, 'k'.repeat(256));
    expectProblem(longKey, 400, 'idempotency_key_invalid');
    const duplicateKeys = await test.app.inject({
      method: 'POST',
      url: '/api/client/payments',
      headers: { ...sessions.alice.headers, 'idempotency-key': newKey(), 'content-type': 'application/json' },
      payload: '{"type":"sepa","amount":1,"amount":2}',
    });
    expectProblem(duplicateKeys, 400);
    // 2^53 + 1 cannot be told from 2^53 once parsed, and both are past the safe range.
    const unsafe = await test.app.inject({
      method: 'POST',
      url: '/api/client/payments',
      headers: { ...sessions.alice.headers, 'idempotency-key': newKey(), 'content-type': 'application/json' },
      payload: JSON.stringify(base).replace('"amount":100', '"amount":9007199254740993'),
    });
    expectProblem(unsafe, 422, 'amount_exceeds_safe_range');
    // A failed validation stored nothing: the same key works once the body is right.
    const key = newKey();
    expect((await pay(sessions.alice, { ...base, amount: 0 }, key)).statusCode).toBe(422);
    expect((await pay(sessions.alice, base, key)).statusCode).toBe(201);
    // Anonymous and operators are refused.
    expectProblem(await test.app.inject({ method: 'GET', url: '/api/client/payments' }), 401);
    expectProblem(
      await test.app.inject({
        method: 'GET',
        url: '/api/backoffice/payments',
        headers: sessions.alice.headers,
      }),
      401,
    );
  });
});
