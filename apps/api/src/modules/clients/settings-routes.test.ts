import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem, pngAttachment } from '../../testing/onboarding-helpers';

// The settings pages' API (docs/requirements/settings.md): every section round-trips, the
// ownership and beneficial-owner rules hold, people and documents stay with their company.
describe('client settings', () => {
  const { test, sessions } = useDemoWorld({
    sessions: {
      business: ['business@demo.test'],
      private: ['private@demo.test'],
      operator: ['compliance@demo.test', true],
    },
  });
  const call = (
    who: 'business' | 'private',
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: unknown,
  ) =>
    test.app.inject({
      method,
      url: `/api/client/settings${url}`,
      headers: sessions[who].headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const read = async (who: 'business' | 'private' = 'business') => (await call(who, 'GET', '')).json().data;
  const person = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    date_of_birth: '1985-12-10',
    nationality: 'GB',
    roles: ['DIRECTOR'],
  };

  it('round-trips every company section and audits each change', async () => {
    const changes: [string, unknown][] = [
      [
        '/client_info',
        {
          business_description: 'Wholesale of office supplies',
          registration_number: '01234567',
          registration_date: '2015-03-01',
          legal_form: 'Private limited company',
          tax_residence: 'GB',
          website: 'https://example.com',
          expected_monthly_turnover: { amount: 1_000_000, currency: 'EUR' },
        },
      ],
      [
        '/contacts',
        [{ name: 'Grace Hopper', role: 'Finance', email: 'grace@example.com', phone: '+447911000123' }],
      ],
      ['/activity_types', ['TRADE', 'MANUFACTURING']],
      [
        '/partners/incoming',
        [{ name: 'Contoso', country: 'DE', expected_monthly_volume: { amount: 50_000, currency: 'EUR' } }],
      ],
      ['/partners/outgoing', [{ name: 'Lagos Supplies', country: 'NG' }]],
      [
        '/addresses',
        { type: 'CORRESPONDENCE', country: 'GB', city: 'Leeds', address: '2 Park Row', postcode: 'LS1 5HD' },
      ],
    ];
    for (const [url, body] of changes) {
      const response = await call('business', 'PUT', url, body);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    const data = await read();
    expect(data.client_info).toMatchObject(changes[0]?.[1] as object);
    expect(data.contacts).toEqual(changes[1]?.[1]);
    expect(data.activity_types).toEqual(['TRADE', 'MANUFACTURING']);
    expect(data.partners.incoming[0]).toMatchObject({ name: 'Contoso', high_risk: false });
    expect(data.partners.outgoing[0]).toMatchObject({ name: 'Lagos Supplies', high_risk: true });
    expect(data.addresses.map((address: { type: string }) => address.type)).toContain('CORRESPONDENCE');
    const [audited] = await test.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'client.settings_changed'",
    );
    expect(audited?.n).toBe(changes.length);
  });

  it('keeps ownership at 100% or less and makes every 25% owner a beneficial owner', async () => {
    // The demo company's director owns 100% already.
    expectProblem(
      await call('business', 'POST', '/related_persons', { ...person, ownership_percent: 1 }),
      422,
      'ownership_over_100',
    );
    const structure = [
      { type: 'DIRECTOR', first_name: 'Sam', last_name: 'Taylor', ownership_percent: 60 },
      { type: 'SHAREHOLDER', first_name: 'Alan', last_name: 'Turing', ownership_percent: 50 },
    ];
    expectProblem(await call('business', 'PUT', '/company_structure', structure), 400);
    structure[1] = { type: 'SHAREHOLDER', first_name: 'Alan', last_name: 'Turing', ownership_percent: 30 };
    expect((await call('business', 'PUT', '/company_structure', structure)).statusCode).toBe(200);
    const created = await call('business', 'POST', '/related_persons', { ...person, ownership_percent: 10 });
    expect(created.statusCode, created.body).toBe(201);
    const data = await read();
    const turing = data.related_persons.find((row: { last_name: string }) => row.last_name === 'Turing');
    expect(turing.roles).toEqual(['SHAREHOLDER', 'ULTIMATE_BENEFICIAL_OWNER']);
    expect(turing.complete).toBe(false);
    const taylors = data.related_persons.filter((row: { last_name: string }) => row.last_name === 'Taylor');
    expect(taylors).toHaveLength(1);
    expect(
      data.company_structure.reduce(
        (sum: number, row: { ownership_percent: number }) => sum + row.ownership_percent,
        0,
      ),
    ).toBe(100);
    expectProblem(
      await call('business', 'PUT', `/related_persons/${created.json().data.id}`, {
        ...person,
        ownership_percent: 11,
      }),
      422,
      'ownership_over_100',
    );
  });

  it('completes a person with an address, wealth and an identity document, none of it visible to another client', async () => {
    const created = await call('business', 'POST', '/related_persons', person);
    const id = created.json().data.id as string;
    const address = {
      type: 'RESIDENTIAL',
      country: 'GB',
      city: 'London',
      address: '12 St James Square',
      postcode: 'SW1Y 4LB',
    };
    expect((await call('business', 'PUT', `/related_persons/${id}/address`, address)).statusCode).toBe(200);
    const wealth = { sources: ['SALARY', 'SAVINGS'], description: 'Salary as a director since 2010' };
    expect((await call('business', 'PUT', `/related_persons/${id}/wealth`, wealth)).statusCode).toBe(200);
    const upload = await call('business', 'POST', `/related_persons/${id}/documents`, {
      attachments: pngAttachment('PASSPORT'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json().data).toMatchObject({ address, wealth, complete: true });
    const documentId = upload.json().data.documents[0].id;
    // The private client: no company pages, none of the company's people or files.
    expectProblem(await call('private', 'POST', '/related_persons', person), 409, 'business_clients_only');
    expectProblem(await call('private', 'PUT', '/activity_types', ['TRADE']), 409, 'business_clients_only');
    expectProblem(await call('private', 'GET', `/related_persons/${id}`), 404);
    expectProblem(await call('private', 'PUT', `/related_persons/${id}/wealth`, wealth), 404);
    const theirs = await test.app.inject({
      method: 'GET',
      url: `/api/client/documents/${documentId}`,
      headers: sessions.private.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await read('private')).related_persons).toEqual([]);
    const mine = await test.app.inject({
      method: 'GET',
      url: `/api/client/documents/${documentId}`,
      headers: sessions.business.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toMatch(/^attachment;/);
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses each bad file on a person document with a clear 4xx', async () => {
    const id = (await read()).related_persons[0].id as string;
    const upload = (file: object) =>
      call('business', 'POST', `/related_persons/${id}/documents`, { attachments: [file] });
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(64)]);
    expectProblem(
      await upload({ ...pngAttachment('PASSPORT', exe), name: 'passport.png' }),
      415,
      'unsupported_file_type',
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expectProblem(await upload({ ...pngAttachment('PASSPORT', svg), mime: 'image/svg+xml' }), 415);
    const js = Buffer.from(
      '%PDF-1.7\n1 0 obj <</OpenAction <</S /JavaScript /JS (x)>> >> endobj\n%%EOF\n',
      'latin1',
    );
    expectProblem(
      await upload({ ...pngAttachment('PASSPORT', js), mime: 'application/pdf' }),
      422,
      'file_rejected',
    );
    expectProblem(await upload({ ...pngAttachment('PASSPORT'), name: '../../etc/passwd' }), 400);
    expectProblem(await upload({ ...pngAttachment('PASSPORT'), data: 'not base64!' }), 400);
  });
});
