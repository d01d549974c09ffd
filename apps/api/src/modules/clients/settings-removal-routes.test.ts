import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';

// Removing a company's related person or payment partner (docs/requirements/settings.md): only
// the company's own, audited, and refused while the application still needs what would go.
describe('removing related persons and partners', () => {
  const { test, sessions } = useDemoWorld({
    sessions: { business: ['business@demo.test'], private: ['private@demo.test'] },
  });
  const call = (
    who: 'business' | 'private',
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    test.app.inject({
      method,
      url: `/api/client/settings${url}`,
      headers: sessions[who].headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const read = async () => (await call('business', 'GET', '')).json().data;
  const audited = (action: string, objectId: string) =>
    test.db.query<{ actor_type: string; details: Record<string, unknown> }>(
      'SELECT actor_type, details FROM audit_log WHERE action = $1 AND object_id = $2',
      [action, objectId],
    );
  const director = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '1985-12-10',
    nationality: 'GB',
    roles: ['DIRECTOR'],
  };

  it("removes a person who owns nothing, audited, and never another company's", async () => {
    const created = await call('business', 'POST', '/related_persons', director);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    expectProblem(await call('private', 'DELETE', `/related_persons/${id}`), 404);
    expectProblem(
      await call('business', 'DELETE', '/related_persons/00000000-0000-4000-8000-000000000000'),
      404,
    );
    expectProblem(await call('business', 'DELETE', '/related_persons/not-a-uuid'), 400);
    expect(await audited('client.related_person_removed', id)).toEqual([]);

    const removed = await call('business', 'DELETE', `/related_persons/${id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const data = await read();
    expect(data.related_persons.map((person: { id: string }) => person.id)).not.toContain(id);
    expect(
      data.company_structure.map((entry: { related_person_id: string }) => entry.related_person_id),
    ).not.toContain(id);
    expectProblem(await call('business', 'GET', `/related_persons/${id}`), 404);
    expectProblem(await call('business', 'DELETE', `/related_persons/${id}`), 404);
    expect(await audited('client.related_person_removed', id)).toEqual([
      expect.objectContaining({ actor_type: 'client', details: { roles: ['DIRECTOR'] } }),
    ]);
  });

  it('keeps a person who owns shares and the last director', async () => {
    // The demo company's director owns 100%.
    const [owner] = (await read()).related_persons;
    expectProblem(
      await call('business', 'DELETE', `/related_persons/${owner.id}`),
      409,
      'related_person_owns_shares',
    );
    const structure = [
      { type: 'SHAREHOLDER', first_name: 'Alan', last_name: 'Turing', ownership_percent: 100 },
    ];
    expect((await call('business', 'PUT', '/company_structure', structure)).statusCode).toBe(200);
    const refused = await call('business', 'DELETE', `/related_persons/${owner.id}`);
    expectProblem(refused, 409, 'last_director');
    expect(refused.json().detail).toMatch(/another director/);
    expect((await read()).related_persons.map((person: { id: string }) => person.id)).toContain(owner.id);
    expect(await audited('client.related_person_removed', owner.id)).toEqual([]);
  });

  it('removes a partner by place and name, never the last, audited', async () => {
    const partners = [
      { name: 'Contoso', country: 'DE' },
      { name: 'Fabrikam', country: 'FR' },
    ];
    expect((await call('business', 'PUT', '/partners/incoming', partners)).statusCode).toBe(200);
    expectProblem(await call('business', 'DELETE', '/partners/incoming/1?name=Contoso'), 404);
    expectProblem(await call('business', 'DELETE', '/partners/incoming/7?name=Fabrikam'), 404);
    for (const bad of [
      '/partners/incoming/1',
      '/partners/incoming/-1?name=x',
      '/partners/sideways/0?name=x',
      '/partners/incoming/1?name=Fabrikam&x=1',
    ]) {
      expectProblem(await call('business', 'DELETE', bad), 400);
    }
    expectProblem(
      await call('private', 'DELETE', '/partners/incoming/1?name=Fabrikam'),
      409,
      'business_clients_only',
    );

    expect((await call('business', 'DELETE', '/partners/incoming/1?name=Fabrikam')).statusCode).toBe(204);
    expect((await read()).partners.incoming).toEqual([{ name: 'Contoso', country: 'DE', high_risk: false }]);
    expectProblem(await call('business', 'DELETE', '/partners/incoming/0?name=Contoso'), 409, 'last_partner');
    const [company] = await test.db.query<{ id: string }>(
      "SELECT id FROM clients WHERE email = 'business@demo.test'",
    );
    const entries = await audited('client.partner_removed', company?.id ?? '');
    expect(entries).toEqual([
      expect.objectContaining({
        actor_type: 'client',
        details: { section: 'incoming_partners', name: 'Fabrikam' },
      }),
    ]);
  });
});
