import { describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { clientData, expectProblem, passportIdentification } from '../../testing/onboarding-helpers';

// An approved private client renews its identity document from the settings
// (docs/requirements/settings.md, "Identification"): the same upload and operator review as the
// first check, the number shown back masked, and a refused renewal keeps the client approved.
describe('identification renewal', () => {
  const { test, sessions } = useDemoWorld({
    sessions: { private: ['private@demo.test'], compliance: ['compliance@demo.test', true] },
  });
  const upload = (payload: object) =>
    test.app.inject({
      method: 'POST',
      url: '/api/client/identification',
      headers: sessions.private.headers,
      payload: payload as Record<string, unknown>,
    });
  const list = async () =>
    (
      await test.app.inject({
        method: 'GET',
        url: '/api/client/identification',
        headers: sessions.private.headers,
      })
    ).json().data;
  const decide = (id: string, verdict: 'approve' | 'reject', payload: object) =>
    test.app.inject({
      method: 'POST',
      url: `/api/backoffice/identifications/${id}/${verdict}`,
      headers: sessions.compliance.headers,
      payload: payload as Record<string, unknown>,
    });
  const renewal = { ...passportIdentification(), document_number: ' ab 123-4567 ' };

  it('shows the check on file masked, and refuses a bad document number before anything is stored', async () => {
    const onFile = await list();
    expect(onFile).toEqual([
      expect.objectContaining({
        status: 'APPROVED',
        document_type: 'PASSPORT',
        document_expires_on: '2031-06-30',
        document_number: '•••••1372',
      }),
    ]);
    expect(JSON.stringify(onFile)).not.toContain('533401372');
    for (const document_number of ['<script>', 'AB', 'A'.repeat(21), 'ÄÖ12345']) {
      expectProblem(await upload({ ...renewal, document_number }), 400);
    }
    expect(await list()).toEqual(onFile);
  });

  it('takes a renewal for review, shows it masked, and keeps the client approved when refused', async () => {
    const first = await upload(renewal);
    expect(first.statusCode, first.body).toBe(201);
    const [row] = await list();
    expect(row).toMatchObject({
      id: first.json().data.id,
      status: 'PENDING',
      document_type: 'PASSPORT',
      document_expires_on: '2034-01-01',
      document_number: '•••••4567',
    });
    const [stored] = await test.db.query<{ document_number: string }>(
      'SELECT document_number FROM identification_submissions WHERE id = $1',
      [row.id],
    );
    expect(stored?.document_number).toBe('AB1234567');
    const [audit] = await test.db.query<{ details: { renewal: boolean } }>(
      "SELECT details FROM audit_log WHERE action = 'client.identification_submitted' AND object_id = $1",
      [row.id],
    );
    expect(audit?.details.renewal).toBe(true);
    expectProblem(await upload(renewal), 409, 'identification_pending');

    expect((await decide(row.id, 'reject', { reason: 'The photo is blurred' })).statusCode).toBe(200);
    expect(await clientData(test.app, sessions.private)).toMatchObject({
      status: 'APPROVED',
      ondato_required: false,
      ondato_has_active_identification: false,
    });
    const second = await upload({ ...renewal, document_number: 'X9876543' });
    expect(second.statusCode, second.body).toBe(201);
    expect((await decide(second.json().data.id, 'approve', {})).statusCode).toBe(200);
    const [latest, refused] = await list();
    expect(latest).toMatchObject({ status: 'APPROVED', document_number: '••••6543' });
    expect(refused).toMatchObject({ status: 'REJECTED', decision_reason: 'The photo is blurred' });
    expect(await clientData(test.app, sessions.private)).toMatchObject({
      status: 'APPROVED',
      ondato_required: false,
    });
  });
});
