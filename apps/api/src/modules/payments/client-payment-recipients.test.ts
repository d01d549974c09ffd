import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { latestCode } from './testing/payment-fixtures';
import { ALICE, sepaPayee, usePaymentsApi } from './testing/payments-api-context';

// docs/requirements/recipients.md's API tests: saved recipients, added and changed only with the
// client's code.
const { test, accounts, sessions, pay } = usePaymentsApi();

describe('recipients', () => {
  it('adds a SEPA recipient only with the code, and hides it from other clients', async () => {
    const added = await test.app.inject({
      method: 'POST',
      url: '/api/client/recipients',
      headers: sessions.alice.headers,
      payload: { type: 'sepa', details: sepaPayee() },
    });
    expect(added.statusCode, added.body).toBe(201);
    const recipient = added.json().data;
    expect(recipient.status).toBe('pending_confirmation');
    expect(recipient.sca.factor).toBe('email');

    // Not usable before the code.
    const early = await pay(sessions.alice, {
      type: 'sepa',
      account_id: accounts.aliceEur.id,
      amount: 1000,
      currency: 'EUR',
      recipient_id: recipient.id,
    });
    expectProblem(early, 404);

    const wrong = await test.app.inject({
      method: 'POST',
      url: `/api/client/recipients/${recipient.id}/confirm`,
      headers: sessions.alice.headers,
      payload: { code: '000000' },
    });
    expectProblem(wrong, 422, 'sca_code_invalid');
    const code = await latestCode(test.app, ALICE);
    const confirmed = await test.app.inject({
      method: 'POST',
      url: `/api/client/recipients/${recipient.id}/confirm`,
      headers: sessions.alice.headers,
      payload: { code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.status).toBe('active');

    for (const request of [
      { method: 'GET' as const, url: `/api/client/recipients/${recipient.id}` },
      { method: 'DELETE' as const, url: `/api/client/recipients/${recipient.id}` },
      {
        method: 'PUT' as const,
        url: `/api/client/recipients/${recipient.id}`,
        payload: { type: 'sepa', details: sepaPayee('Mallory') },
      },
    ]) {
      expectProblem(await test.app.inject({ ...request, headers: sessions.bob.headers }), 404);
    }
    const bobList = await test.app.inject({
      method: 'GET',
      url: '/api/client/recipients',
      headers: sessions.bob.headers,
    });
    expect(bobList.json().data).toEqual([]);
  });

  it('keeps the old details of a trusted recipient until the change is confirmed', async () => {
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/client/recipients',
      headers: sessions.alice.headers,
    });
    const [recipient] = list.json().data;
    const changed = await test.app.inject({
      method: 'PUT',
      url: `/api/client/recipients/${recipient.id}`,
      headers: sessions.alice.headers,
      payload: { type: 'sepa', details: sepaPayee('Erika Musterfrau') },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.details.name).toBe('Erika Mustermann');
    expect(changed.json().data.pending_details.name).toBe('Erika Musterfrau');
    const code = await latestCode(test.app, ALICE);
    const confirmed = await test.app.inject({
      method: 'POST',
      url: `/api/client/recipients/${recipient.id}/confirm`,
      headers: sessions.alice.headers,
      payload: { code },
    });
    expect(confirmed.json().data.details.name).toBe('Erika Musterfrau');
  });

  it('refuses bad recipient details', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ type: 'sepa', details: { ...sepaPayee(), iban: 'DE89370400440532013001' } }, 422],
      [{ type: 'sepa', details: { ...sepaPayee(), name: 'Bad\u0000name' } }, 400],
      [{ type: 'sepa', details: { ...sepaPayee(), name: 'Иван' } }, 400],
      [{ type: 'faster_pay', details: { name: 'Tom', sort_code: '12345', account_number: '12345678' } }, 400],
      [{ type: 'faster_pay', details: { name: 'Tom', sort_code: '123456', account_number: '1234567' } }, 400],
      [{ type: 'sepa', details: sepaPayee(), owner_id: 'x' }, 400],
      [{ type: 'sepa', details: { ...sepaPayee(), iban: 'US64SVBKUS6S3300958879' } }, 422],
    ];
    for (const [payload, status] of cases) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/client/recipients',
        headers: sessions.alice.headers,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
    }
  });
});
