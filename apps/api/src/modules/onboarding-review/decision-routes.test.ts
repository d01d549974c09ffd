import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import {
  clientData,
  DEMO_PASSWORD,
  expectProblem,
  lastMessage,
  logIn,
  passportIdentification,
  type Session,
  stepUpProof,
} from '../../testing/onboarding-helpers';

// The requirements a compliance officer places on a client (docs/requirements/onboarding.md, forced redirects
// 5 and 3): a password change and a new identity check, each with a reason, audited, and
// undone only by the client doing what was asked.
describe('back-office client requirements', () => {
  const { test, sessions } = useDemoWorld({ sessions: { compliance: ['compliance@demo.test', true] } });
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const rows = await test.db.query<{ id: string; email: string }>('SELECT id, email FROM clients');
    for (const row of rows) ids[row.email] = row.id;
  });

  const post = (url: string, session: Session | null, payload?: unknown) =>
    test.app.inject({
      method: 'POST',
      url: `/api/backoffice${url}`,
      headers: session?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const flagsOf = async (email: string) => {
    const [row] = await test.db.query<Record<string, unknown>>(
      `SELECT status, password_change_required, ondato_required, ondato_has_active_identification,
         has_processed_ondato_identification FROM clients WHERE email = $1`,
      [email],
    );
    return row;
  };
  const auditOf = (clientId: string, action: string) =>
    test.db.query<{ actor_id: string; details: Record<string, unknown>; occurred_at: Date }>(
      'SELECT actor_id, details, occurred_at FROM audit_log WHERE object_id = $1 AND action = $2',
      [clientId, action],
    );

  it.each(['require_password_change', 'request_identification'])(
    '%s: needs a reason, a known client, and a role that decides clients',
    async (action) => {
      const url = `/clients/${ids['private@demo.test']}/${action}`;
      expectProblem(await post(url, sessions.compliance, {}), 400, 'validation_failed');
      expectProblem(await post(url, sessions.compliance, { reason: '  ' }), 400, 'validation_failed');
      expectProblem(await post(url, sessions.compliance, { reason: 'Fine\u0000' }), 400);
      expectProblem(await post(url, sessions.compliance, { reason: 'Fine reason', status: 'NEW' }), 400);
      expectProblem(await post(url, sessions.compliance), 400);
      expectProblem(
        await post(`/clients/00000000-0000-4000-8000-000000000000/${action}`, sessions.compliance, {
          reason: 'Why',
        }),
        404,
        'not_found',
      );
      expectProblem(await post(`/clients/not-a-uuid/${action}`, sessions.compliance, { reason: 'Why' }), 400);
      for (const email of ['support@demo.test', 'payments@demo.test']) {
        const operator = await logIn(test.app, email, DEMO_PASSWORD, true);
        expectProblem(await post(url, operator, { reason: 'Because' }), 403, 'forbidden_role');
      }
      const denied = await test.db.query<{ details: { permission: string } }>(
        `SELECT details FROM audit_log WHERE action = 'operator.permission_denied' AND object_id = $1`,
        [`/api/backoffice/clients/:id/${action}`],
      );
      expect(denied).toHaveLength(2);
      expect(denied[0]?.details.permission).toBe('decideClients');
      const client = await logIn(test.app, 'private@demo.test', DEMO_PASSWORD);
      expectProblem(await post(url, client, { reason: 'Because' }), 401);
      expect(await flagsOf('private@demo.test')).toMatchObject({
        password_change_required: false,
        ondato_required: false,
      });
    },
  );

  it('requires a password change: sessions end, the client is told, the change clears it', async () => {
    const email = 'private@demo.test';
    const id = ids[email] ?? '';
    const session = await logIn(test.app, email, DEMO_PASSWORD);
    expect(await flagsOf(email)).toMatchObject({ status: 'APPROVED', password_change_required: false });

    const required = await post(`/clients/${id}/require_password_change`, sessions.compliance, {
      reason: ' Password seen in a phishing kit ',
    });
    expect(required.statusCode, required.body).toBe(200);
    expect(required.json()).toEqual({ data: { status: 'password_change_required' } });
    expect(await flagsOf(email)).toMatchObject({ status: 'APPROVED', password_change_required: true });
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/client/data', headers: session.headers }),
      401,
    );
    const mail = await lastMessage(test.app, email);
    expect(mail.subject).toMatch(/please change your password/);
    expect(mail.text).toContain('Reason: Password seen in a phishing kit');
    const [entry] = await auditOf(id, 'operator.password_change_required');
    expect(entry).toMatchObject({ details: { reason: 'Password seen in a phishing kit' } });
    expect(entry?.occurred_at).toBeInstanceOf(Date);
    const record = (
      await test.app.inject({
        method: 'GET',
        url: `/api/backoffice/clients/${id}`,
        headers: sessions.compliance.headers,
      })
    ).json().data;
    expect(record.client.password_change_required).toBe(true);
    expect(record.reviews[0]).toMatchObject({
      action: 'password_change_required',
      reason: 'Password seen in a phishing kit',
      operator_email: 'compliance@demo.test',
    });
    expectProblem(
      await post(`/clients/${id}/require_password_change`, sessions.compliance, { reason: 'Again please' }),
      409,
      'already_required',
    );

    const again = await logIn(test.app, email, DEMO_PASSWORD);
    const data = await clientData(test.app, again);
    expect(data.password_change_required).toBe(true);
    const notifications = await test.app.inject({
      method: 'GET',
      url: '/api/client/notifications',
      headers: again.headers,
    });
    expect(notifications.json().data[0]).toMatchObject({
      title: 'Please change your password',
      params: { reason: 'Password seen in a phishing kit' },
    });
    const changed = await test.app.inject({
      method: 'POST',
      url: '/api/client/password_change',
      headers: again.headers,
      payload: {
        ...(await stepUpProof(
          test.app,
          again,
          'password_change',
          { to: email },
          { password: DEMO_PASSWORD },
        )),
        current_password: DEMO_PASSWORD,
        password: 'Fresh-pass-9',
        password_confirmation: 'Fresh-pass-9',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await flagsOf(email)).toMatchObject({ password_change_required: false });
  });

  it('asks an ON_APPROVAL client for a new identity check, which blocks approval until approved', async () => {
    const email = 'pending@demo.test';
    const id = ids[email] ?? '';
    expect(await flagsOf(email)).toMatchObject({
      status: 'ON_APPROVAL',
      ondato_required: false,
      ondato_has_active_identification: false,
      has_processed_ondato_identification: true,
    });
    expectProblem(
      await post(`/clients/${ids['new@demo.test']}/request_identification`, sessions.compliance, {
        reason: 'Too early',
      }),
      409,
      'invalid_status',
    );
    const requested = await post(`/clients/${id}/request_identification`, sessions.compliance, {
      reason: 'The passport photo is unreadable',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toEqual({ data: { status: 'identification_requested' } });
    expect(await flagsOf(email)).toMatchObject({
      status: 'ON_APPROVAL',
      ondato_required: true,
      ondato_has_active_identification: false,
      has_processed_ondato_identification: false,
    });
    expect((await lastMessage(test.app, email)).text).toContain('Reason: The passport photo is unreadable');
    expect(await auditOf(id, 'operator.identification_requested')).toMatchObject([
      { details: { reason: 'The passport photo is unreadable', status: 'ON_APPROVAL' } },
    ]);
    expectProblem(
      await post(`/clients/${id}/approve`, sessions.compliance, { reason: 'Looks fine' }),
      409,
      'identification_required',
    );

    const session = await logIn(test.app, email, DEMO_PASSWORD);
    const upload = await test.app.inject({
      method: 'POST',
      url: '/api/client/identification',
      headers: session.headers,
      payload: passportIdentification(),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(await flagsOf(email)).toMatchObject({
      ondato_required: true,
      ondato_has_active_identification: true,
    });
    // The check under review is decided before another is asked for.
    expectProblem(
      await post(`/clients/${id}/request_identification`, sessions.compliance, { reason: 'Once more' }),
      409,
      'identification_pending',
    );
    const approved = await post(`/identifications/${upload.json().data.id}/approve`, sessions.compliance, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await flagsOf(email)).toMatchObject({
      status: 'ON_APPROVAL',
      ondato_required: false,
      ondato_has_active_identification: false,
      has_processed_ondato_identification: true,
    });
    const decision = await post(`/clients/${id}/approve`, sessions.compliance, {
      reason: 'Identity re-checked',
    });
    expect(decision.statusCode, decision.body).toBe(200);
    expect((await flagsOf(email))?.status).toBe('APPROVED');
  });

  it('asks an APPROVED client for a new identity check; a rejected upload keeps it required', async () => {
    const email = 'business@demo.test';
    const id = ids[email] ?? '';
    const requested = await post(`/clients/${id}/request_identification`, sessions.compliance, {
      reason: 'New director: please verify your identity',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expectProblem(
      await post(`/clients/${id}/request_identification`, sessions.compliance, { reason: 'Twice' }),
      409,
      'already_required',
    );
    const session = await logIn(test.app, email, DEMO_PASSWORD);
    expect(await clientData(test.app, session)).toMatchObject({
      status: 'APPROVED',
      ondato_required: true,
      has_processed_ondato_identification: false,
    });
    const upload = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/client/identification',
        headers: session.headers,
        payload: passportIdentification(),
      });
    const first = await upload();
    expect(first.statusCode, first.body).toBe(201);
    const rejected = await post(`/identifications/${first.json().data.id}/reject`, sessions.compliance, {
      reason: 'The selfie does not match',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await flagsOf(email)).toMatchObject({
      status: 'APPROVED',
      ondato_required: true,
      ondato_has_active_identification: false,
      has_processed_ondato_identification: false,
    });
    const second = await upload();
    expect(second.statusCode, second.body).toBe(201);
    await post(`/identifications/${second.json().data.id}/approve`, sessions.compliance, {});
    expect(await flagsOf(email)).toMatchObject({
      status: 'APPROVED',
      ondato_required: false,
      ondato_has_active_identification: false,
      has_processed_ondato_identification: true,
    });
  });
});
