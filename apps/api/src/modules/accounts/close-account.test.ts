import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';

// Opening a currency account, closing it when empty, and opening it again.
describe('closing a currency account', () => {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: { eur: ['private@demo.test', 'EUR', 1_000] },
    sessions: { alice: ['private@demo.test'], bob: ['business@demo.test'] },
  });
  const call = (method: 'GET' | 'POST', url: string, payload?: object, who = sessions.alice) =>
    test.app.inject({
      method,
      url,
      headers: { ...who.headers, 'idempotency-key': `close-${Math.random()}` },
      payload,
    });
  const currencies = async () =>
    (await call('GET', '/api/client/data')).json().data.client_currencies as string[];

  it('closes an empty account, leaves the lists, and opens it again', async () => {
    const opened = await call('POST', '/api/client/accounts', { currency: 'KWD' });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().data.id;
    expect(await currencies()).toContain('KWD');
    expectProblem(await call('POST', `/api/client/accounts/${id}/close`, undefined, sessions.bob), 404);
    const closed = await call('POST', `/api/client/accounts/${id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ id, currency: 'KWD' });
    expect(await currencies()).not.toContain('KWD');
    expectProblem(await call('GET', `/api/client/accounts/${id}`), 404);
    expectProblem(await call('POST', `/api/client/accounts/${id}/close`), 404);
    const again = await call('POST', '/api/client/accounts', { currency: 'KWD' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.id).toBe(id);
    expect(await currencies()).toContain('KWD');
  });

  it('refuses to close an account that holds money', async () => {
    expectProblem(
      await call('POST', `/api/client/accounts/${accounts.eur.id}/close`),
      409,
      'account_not_empty',
    );
  });
});
