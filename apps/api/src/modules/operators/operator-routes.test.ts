import { describe, expect, it, vi } from 'vitest';
import { useDemoWorld } from '../../testing/demo-world';
import { expectProblem } from '../../testing/onboarding-helpers';
import { currentTotpCode } from '../auth';

// Operator management (docs/requirements/back-office.md): administrators list, invite and
// deactivate operators; the invitee alone chooses the password and enrols the authenticator; nobody
// else may manage operators; every change is in the audit log.
describe('back-office operator management', () => {
  const { test, sessions } = useDemoWorld({
    sessions: { admin: ['admin@demo.test', true], compliance: ['compliance@demo.test', true] },
  });

  const newOperator = {
    email: 'reviewer@bluepeak.test',
    name: 'Grace Reviewer',
    roles: ['compliance', 'support'],
  };
  const chosenPassword = 'Operator-pass-1';

  it('tells every operator who they are and what their roles allow', async () => {
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/me',
      headers: sessions.compliance.headers,
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toMatchObject({
      email: 'compliance@demo.test',
      roles: ['compliance'],
      active: true,
      permissions: {
        decideClients: true,
        viewAudit: true,
        manageOperators: false,
        recordIncomingPayment: false,
      },
    });
    expect(me.json().data).not.toHaveProperty('password_hash');
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/backoffice/me' });
    expectProblem(anonymous, 401);
  });

  it('keeps operator management to administrators (403, audited)', async () => {
    expectProblem(
      await test.app.inject({
        method: 'GET',
        url: '/api/backoffice/operators',
        headers: sessions.compliance.headers,
      }),
      403,
      'forbidden_role',
    );
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: '/api/backoffice/operators',
        headers: sessions.compliance.headers,
        payload: newOperator,
      }),
      403,
    );
    const [denied] = await test.db.query<{ details: { permission: string } }>(
      `SELECT details FROM audit_log WHERE action = 'operator.permission_denied' ORDER BY id DESC LIMIT 1`,
    );
    expect(denied?.details.permission).toBe('manageOperators');
  });

  it('refuses bad input with 400', async () => {
    const bad = [
      { ...newOperator, roles: [] },
      { ...newOperator, roles: ['root'] },
      { ...newOperator, roles: ['admin', 'admin'] },
      { ...newOperator, password: 'Operator-pass-1' },
      { ...newOperator, email: 'not-an-email' },
      { ...newOperator, is_demo: true },
    ];
    for (const payload of bad) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/backoffice/operators',
        headers: sessions.admin.headers,
        payload,
      });
      expectProblem(response, 400);
    }
  });

  it('invites an operator, who enrols alone and must log in with the authenticator, then deactivates them', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/operators',
      headers: sessions.admin.headers,
      payload: newOperator,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { operator, invitation } = created.json().data;
    expect(operator).toMatchObject({
      email: newOperator.email,
      second_factor: 'totp',
      invitation_pending: true,
    });
    expect(Date.parse(invitation.expires_at)).toBeGreaterThan(Date.now() + 71 * 3_600_000);
    // The administrator never sees the second factor.
    expect(created.body).not.toMatch(/otpauth|secret/);

    const again = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/operators',
      headers: sessions.admin.headers,
      payload: { ...newOperator, email: 'REVIEWER@bluepeak.test' },
    });
    expectProblem(again, 409, 'operator_exists');
    // Until the invitation is accepted nobody can log in as the new operator.
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: '/api/backoffice/auth/login',
        payload: { email: newOperator.email, password: chosenPassword },
      }),
      401,
    );

    const [mail] = await test.db.query<{ body_text: string }>(
      'SELECT body_text FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1',
      [newOperator.email],
    );
    const token = /#\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail?.body_text ?? '')?.[1] ?? '';
    const opened = await test.app.inject({ method: 'GET', url: `/api/backoffice/invitations/${token}` });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    const { enrolment } = opened.json().data;
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.qr_data_url).toMatch(/^data:image\/png;base64,/);
    const accept = (payload: object) =>
      test.app.inject({ method: 'POST', url: `/api/backoffice/invitations/${token}/accept`, payload });
    expectProblem(
      await accept({ password: chosenPassword, password_confirmation: chosenPassword, code: '000000' }),
      422,
      'code_invalid',
    );
    expectProblem(await accept({ password: 'short', password_confirmation: 'short', code: '123456' }), 400);
    const accepted = await accept({
      password: chosenPassword,
      password_confirmation: chosenPassword,
      code: currentTotpCode(enrolment.secret, new Date()),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expectProblem(
      await accept({ password: 'Other-pass-12', password_confirmation: 'Other-pass-12', code: '123456' }),
      404,
      'invitation_not_found',
    );
    expectProblem(await test.app.inject({ method: 'GET', url: `/api/backoffice/invitations/${token}` }), 404);
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/backoffice/invitations/not-a-token' }),
      400,
    );

    // The code used to enrol cannot be used again: log in one 30-second step later.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 30_000 });
    const step1 = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      payload: { email: newOperator.email, password: chosenPassword },
    });
    expect(step1.json().data.factor).toBe('totp');
    const step2 = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login/verify',
      payload: {
        challenge_id: step1.json().data.challenge_id,
        code: currentTotpCode(enrolment.secret, new Date()),
      },
    });
    vi.useRealTimers();
    expect(step2.statusCode, step2.body).toBe(200);
    const session = { 'x-operator-token': step2.json().data.token };
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/backoffice/applications', headers: session }))
        .statusCode,
    ).toBe(200);

    const list = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/operators',
      headers: sessions.admin.headers,
    });
    // The active operators newest first: the one just invited leads.
    expect(list.json().data[0].email).toBe(operator.email);

    const noReason = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/operators/${operator.id}/deactivate`,
      headers: sessions.admin.headers,
      payload: {},
    });
    expectProblem(noReason, 400);
    const deactivated = await test.app.inject({
      method: 'POST',
      url: `/api/backoffice/operators/${operator.id}/deactivate`,
      headers: sessions.admin.headers,
      payload: { reason: 'Left the company' },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json().data).toMatchObject({ active: false });
    const after = await test.app.inject({
      method: 'GET',
      url: '/api/backoffice/operators',
      headers: sessions.admin.headers,
    });
    expect(after.json().data.at(-1).email).toBe(operator.email);
    expectProblem(
      await test.app.inject({ method: 'GET', url: '/api/backoffice/applications', headers: session }),
      401,
    );
    const relogin = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      payload: { email: newOperator.email, password: chosenPassword },
    });
    expect(relogin.statusCode).toBe(401);
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: `/api/backoffice/operators/${operator.id}/deactivate`,
        headers: sessions.admin.headers,
        payload: { reason: 'Twice' },
      }),
      409,
      'already_deactivated',
    );

    const audit = await test.db.query<{
      action: string;
      actor_type: string;
      details: Record<string, unknown>;
    }>(
      `SELECT action, actor_type, details FROM audit_log WHERE object_type = 'operator' AND object_id = $1 ORDER BY id`,
      [operator.id],
    );
    expect(audit).toEqual([
      expect.objectContaining({ action: 'operator.created', actor_type: 'operator' }),
      expect.objectContaining({ action: 'operator.activated', actor_type: 'operator' }),
      expect.objectContaining({ action: 'operator.deactivated', details: { reason: 'Left the company' } }),
    ]);
  });

  it('will not let an administrator deactivate themselves or an unknown operator', async () => {
    const me = (
      await test.app.inject({ method: 'GET', url: '/api/backoffice/me', headers: sessions.admin.headers })
    ).json().data;
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: `/api/backoffice/operators/${me.id}/deactivate`,
        headers: sessions.admin.headers,
        payload: { reason: 'Oops' },
      }),
      409,
      'cannot_deactivate_self',
    );
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: '/api/backoffice/operators/00000000-0000-4000-8000-000000000000/deactivate',
        headers: sessions.admin.headers,
        payload: { reason: 'Nobody' },
      }),
      404,
    );
    expectProblem(
      await test.app.inject({
        method: 'POST',
        url: '/api/backoffice/operators/not-a-uuid/deactivate',
        headers: sessions.admin.headers,
        payload: { reason: 'Bad id' },
      }),
      400,
    );
  });
});
