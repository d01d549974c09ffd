import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { DEMO_PASSWORD, expectProblem, logIn } from '../../testing/onboarding-helpers';

// The audit log for operators (docs/requirements/back-office.md): searchable by client, operator and
// action, paged.
describe('back-office audit log', () => {
  const { test, sessions } = useDemoWorld({
    sessions: { compliance: ['compliance@demo.test', true], support: ['support@demo.test', true] },
  });
  let clientId: string;

  beforeAll(async () => {
    const [row] = await test.db.query<{ id: string }>(
      `SELECT id FROM clients WHERE email = 'business@demo.test'`,
    );
    clientId = row?.id ?? '';
    const update = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/clients/${clientId}/request_update`,
      headers: sessions.compliance.headers,
      payload: { flags: ['address_require'], reason: 'Confirm the trading address' },
    });
    expect(update.statusCode, update.body).toBe(200);
  });

  const search = (query: string, session = sessions.compliance) =>
    test.app.inject({ method: 'GET', url: `/api/backoffice/audit${query}`, headers: session.headers });

  it('finds an operator action by client, by operator and by action', async () => {
    for (const query of [
      `?client=${clientId}`,
      '?client=BUSINESS@demo.test',
      '?operator=compliance@demo.test',
      '?action=operator.data_update',
      `?client=${clientId}&operator=compliance@demo.test&action=operator.`,
    ]) {
      const response = await search(query);
      expect(response.statusCode, response.body).toBe(200);
      const entry = response
        .json()
        .data.find((row: { action: string }) => row.action === 'operator.data_update_requested');
      expect(entry, query).toMatchObject({
        actor_type: 'operator',
        actor_label: 'compliance@demo.test',
        object_type: 'client',
        object_id: clientId,
        object_label: 'business@demo.test',
        details: { reason: 'Confirm the trading address', flags: ['address_require'] },
      });
      expect(Date.parse(entry.occurred_at)).not.toBeNaN();
    }
  });

  it('pages newest first and finds nothing for unknown people', async () => {
    const first = (await search('?limit=2&page=1')).json();
    const second = (await search('?limit=2&page=2')).json();
    expect(first.meta).toMatchObject({ page: 1, limit: 2 });
    expect(first.meta.total).toBeGreaterThan(4);
    expect(first.data[0].id).toBeGreaterThan(first.data[1].id);
    expect(first.data[1].id).toBeGreaterThan(second.data[0].id);
    const nobody = (await search('?client=nobody@example.test')).json();
    expect(nobody).toEqual({ data: [], meta: { page: 1, limit: 25, total: 0, total_pages: 0 } });
    // `_` is a plain character in an action search, not a wildcard.
    expect((await search('?action=operator_data')).json().data).toEqual([]);
  });

  it('names the accounts and people an entry is about, never by their ids alone', async () => {
    const [account] = await test.db.query<{ id: string; name: string; iban: string }>(
      `SELECT ca.id, ca.name, g.iban FROM client_accounts ca JOIN account_groups g ON g.id = ca.group_id
        WHERE ca.client_id = $1 AND ca.currency = 'EUR'`,
      [clientId],
    );
    const found = (await search('?action=account.opened&limit=100')).json().data;
    const opened = found.find((entry: { object_id: string }) => entry.object_id === account?.id);
    const label = `${account?.name} (EUR) · ${account?.iban}`;
    expect(opened).toMatchObject({ object_type: 'client_account', object_label: label });
    expect(opened.labels).toEqual({
      [opened.details.ledger_account_id]: label,
      [account?.id ?? '']: label,
      [clientId]: 'business@demo.test',
    });
  });

  it('orders by when the action happened, not by when its entry was written', async () => {
    // A long transaction writes its entry after a later, shorter one: its time still places it.
    const write = (action: string, at: string) =>
      test.db.query<{ id: number }>(
        `INSERT INTO audit_log (actor_type, action, occurred_at) VALUES ('system', $1, now() + $2::interval)
         RETURNING id::int AS id`,
        [action, at],
      );
    const [later] = await write('test.ordering_later', '1 hour');
    const [earlier] = await write('test.ordering_earlier', '30 minutes');
    expect(earlier?.id).toBeGreaterThan(later?.id ?? 0);
    const page = (await search('?action=test.ordering&limit=2')).json().data;
    expect(page.map((entry: { action: string }) => entry.action)).toEqual([
      'test.ordering_later',
      'test.ordering_earlier',
    ]);
  });

  it('is for compliance and administrators only, and refuses bad queries with 400', async () => {
    expectProblem(await search('', sessions.support), 403, 'forbidden_role');
    expectProblem(await test.app.inject({ method: 'GET', url: '/api/backoffice/audit' }), 401);
    const client = await logIn(test.app, 'private@demo.test', DEMO_PASSWORD);
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/backoffice/audit', headers: client.headers }),
      401,
    );
    for (const query of [
      '?limit=1000',
      '?page=0',
      '?action=DROP%20TABLE',
      "?action=a'--",
      '?sort=id',
      '?client=%00x',
    ]) {
      expectProblem(await search(query), 400);
    }
  });
});
