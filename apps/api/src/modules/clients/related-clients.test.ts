import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';

// Related clients (docs/requirements/settings.md): a link names another client by e-mail or
// account, is audited, seen only by the client that made it, and answered alike whether or not a
// client of ours matches, so the form reveals nobody's membership.
describe('related clients', () => {
  const { test, sessions } = useDemoWorld({
    sessions: {
      business: ['business@demo.test'],
      private: ['private@demo.test'],
      operator: ['compliance@demo.test', true],
    },
  });
  const url = '/api/client/settings/related_clients';
  const call = (who: 'business' | 'private', method: 'GET' | 'POST', payload?: unknown, id?: string) =>
    test.app.inject({
      method,
      url: id ? `${url}/${id}` : url,
      headers: sessions[who].headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ibanOf = async (email: string) => {
    const [row] = await test.db.query<{ iban: string; account_number: string }>(
      'SELECT g.iban, g.account_number FROM account_groups g JOIN clients c ON c.id = g.client_id WHERE c.email = $1',
      [email],
    );
    if (!row) throw new Error(`${email} has no account group`);
    return row;
  };

  it('links by e-mail and by account, audits each, and lists them for their owner only', async () => {
    const byEmail = await call('business', 'POST', {
      relationship: 'SAME_OWNER',
      find_by: { kind: 'email', email: 'PRIVATE@demo.test' },
    });
    expect(byEmail.statusCode, byEmail.body).toBe(201);
    expect(byEmail.json().data).toMatchObject({
      relationship: 'SAME_OWNER',
      declared_by: 'email',
      declared: 'private@demo.test',
    });

    const { iban, account_number } = await ibanOf('business@demo.test');
    const spaced = iban.replace(/(.{4})/g, '$1 ').toLowerCase();
    const byIban = await call('private', 'POST', {
      relationship: 'AFFILIATE',
      find_by: { kind: 'account', account: spaced },
    });
    expect(byIban.statusCode, byIban.body).toBe(201);
    // A repeat is judged by what was typed: the same IBAN again is refused, while the same
    // client's account number is a declaration of its own (refusing it would say they match).
    const again = await call('private', 'POST', {
      relationship: 'OTHER',
      find_by: { kind: 'account', account: iban },
    });
    expectProblem(again, 409, 'already_related');
    const byNumber = await call('private', 'POST', {
      relationship: 'OTHER',
      find_by: { kind: 'account', account: account_number },
    });
    expect(byNumber.statusCode, byNumber.body).toBe(201);

    const mine = (await call('business', 'GET')).json().data;
    expect(mine.map((link: { id: string }) => link.id)).toEqual([byEmail.json().data.id]);
    const theirs = (await call('private', 'GET')).json().data;
    expect(theirs.map((link: { id: string }) => link.id)).toEqual([
      byIban.json().data.id,
      byNumber.json().data.id,
    ]);
    const opened = await call('business', 'GET', undefined, byEmail.json().data.id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toEqual(byEmail.json().data);
    expectProblem(await call('private', 'GET', undefined, byEmail.json().data.id), 404);
    expectProblem(await call('business', 'GET', undefined, 'not-a-uuid'), 400);

    const [owner] = await test.db.query<{ id: string }>(
      "SELECT id FROM clients WHERE email = 'business@demo.test'",
    );
    const record = await test.app.inject({
      method: 'GET',
      url: `/api/backoffice/clients/${owner?.id}`,
      headers: sessions.operator.headers,
    });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json().data.related_clients).toEqual([
      expect.objectContaining({
        id: byEmail.json().data.id,
        relationship: 'SAME_OWNER',
        client_id: expect.any(String),
        name: expect.any(String),
      }),
    ]);
    expect(byEmail.json().data).not.toHaveProperty('client_id');
    expect(mine[0]).not.toHaveProperty('client_id');

    const audited = await test.db.query<{ object_id: string }>(
      "SELECT object_id FROM audit_log WHERE action = 'client.related_client_linked' ORDER BY object_id",
    );
    expect(audited.map((row) => row.object_id).sort()).toEqual(
      [byEmail.json().data.id, byIban.json().data.id, byNumber.json().data.id].sort(),
    );
  });

  it('answers an unknown client exactly as a known one, and refuses the caller itself and bad input', async () => {
    const answerFor = async (email: string) => {
      const response = await call('business', 'POST', {
        relationship: 'OTHER',
        find_by: { kind: 'email', email },
      });
      const { id: _, created_at: __, declared: ___, ...rest } = response.json().data;
      return { status: response.statusCode, keys: Object.keys(response.json().data).sort(), rest };
    };
    const unknown = await answerFor('nobody@example.com');
    const known = await answerFor('new@demo.test');
    expect(unknown).toEqual(known);
    expect(unknown.status).toBe(201);
    const byAccount = await call('business', 'POST', {
      relationship: 'OTHER',
      find_by: { kind: 'account', account: '00000000' },
    });
    expect(byAccount.statusCode, byAccount.body).toBe(201);
    const matches = await test.db.query<{ declared: string; related_client_id: string | null }>(
      "SELECT declared, related_client_id FROM related_clients WHERE declared IN ('nobody@example.com', 'new@demo.test', '00000000') ORDER BY declared",
    );
    expect(matches.map((row) => [row.declared, row.related_client_id !== null])).toEqual([
      ['00000000', false],
      ['new@demo.test', true],
      ['nobody@example.com', false],
    ]);

    const before = (await call('business', 'GET')).json().data;
    expectProblem(
      await call('business', 'POST', {
        relationship: 'OTHER',
        find_by: { kind: 'email', email: 'business@demo.test' },
      }),
      422,
      'related_client_self',
    );
    for (const bad of [
      {},
      { relationship: 'COUSIN', find_by: { kind: 'email', email: 'private@demo.test' } },
      { relationship: 'OTHER', find_by: { kind: 'email', email: 'not-an-email' } },
      { relationship: 'OTHER', find_by: { kind: 'account', account: '<script>' } },
      { relationship: 'OTHER', find_by: { kind: 'phone', phone: '+4479' } },
    ]) {
      expectProblem(await call('business', 'POST', bad), 400);
    }
    expect((await call('business', 'GET')).json().data).toEqual(before);
  });

  it('asks for a session', async () => {
    expectProblem(await test.app.inject({ method: 'GET', url }), 401);
  });
});
