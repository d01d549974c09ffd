import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../testing/onboarding-helpers';
import { balanceOf, latestCode } from './testing/payment-fixtures';
import { ALICE, sepaPayee, usePaymentsApi } from './testing/payments-api-context';

// docs/requirements/payments.md's API tests: the operators' side of payments (queue, return, FX
// rates) and the OpenAPI document of every payment route.
const { test, accounts, sessions, confirm, pay, runSimulator } = usePaymentsApi();

describe('payments seen by operators', () => {
  it('lets operators see the queue and return a payment, but not clients', async () => {
    const created = (
      await pay(sessions.alice, {
        type: 'sepa',
        account_id: accounts.aliceEur.id,
        amount: 800,
        currency: 'EUR',
        recipient: sepaPayee(),
      })
    ).json().data;
    await confirm(sessions.alice, created.id, await latestCode(test.app, ALICE));
    const queue = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/payments?rail=sepa&status=processing',
      headers: sessions.operator.headers,
    });
    expect(queue.json().data.map((p: { id: string }) => p.id)).toContain(created.id);
    const held = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/payments/${created.id}/hold`,
      headers: sessions.operator.headers,
      payload: { reason: 'AML check' },
    });
    expect(held.json().data.on_hold).toBe(true);
    expect((await runSimulator()).submitted).toBe(0);
    const before = await balanceOf(test.db, accounts.aliceEur);
    const returned = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/payments/${created.id}/return`,
      headers: sessions.operator.headers,
      payload: { reason: 'Compliance return' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data.status).toBe('returned');
    expect((await balanceOf(test.db, accounts.aliceEur)).available).toBe(before.available + created.total);
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: `/api/backoffice/payments/${created.id}/return`,
        headers: sessions.operator.headers,
        payload: {},
      }),
      400,
    );
  });

  it('keeps the FX rates editable by operators only, audited', async () => {
    const put = await test.app.inject({
      method: 'PUT',
      url: '/api/backoffice/fx-rates/USD',
      headers: sessions.operator.headers,
      payload: { rate_per_eur: '1.1500' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ currency: 'USD', rate_per_eur: '1.1500', source: 'operator' });
    expectProblem(
      await test.app.inject({
        method: 'PUT',
        url: '/api/backoffice/fx-rates/USD',
        headers: sessions.operator.headers,
        payload: { rate_per_eur: 1.15 },
      }),
      400,
    );
    expectProblem(
      await test.app.inject({
        method: 'PUT',
        url: '/api/backoffice/fx-rates/XYZ',
        headers: sessions.operator.headers,
        payload: { rate_per_eur: '1' },
      }),
      422,
    );
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/fx-rates',
      headers: sessions.operator.headers,
    });
    expect(list.json().data.length).toBeGreaterThanOrEqual(100);
    const [audit] = await test.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action = 'fx_rate.updated'`,
    );
    expect(audit?.action).toBe('fx_rate.updated');
  });

  it('documents every payment route in the OpenAPI document', async () => {
    const json = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode, json.body.slice(0, 500)).toBe(200);
    expect(Object.keys(json.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/client/payments',
        '/api/client/payments/sepa',
        '/api/client/payments/{id}/confirm',
        '/api/client/recipients/{id}',
        '/api/backoffice/payments',
        '/api/backoffice/payment-files/status',
        '/api/backoffice/fx-rates/{currency}',
      ]),
    );
  });
});
